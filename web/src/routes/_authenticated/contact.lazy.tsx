import { createLazyFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/features/contact/components/contact-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/contact')({
  component: ContactPage,
});
