import type { ReactNode } from 'react';
import { SignedOutHeader } from './auth-layout.tsx';

/** A page anyone may read, signed in or not, with room for long text (the assistance policy). */
export function PublicLayout({
  portalName,
  logoUrl,
  children,
}: {
  portalName: string;
  logoUrl?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-background px-4 py-5 sm:px-8">
      <div className="mx-auto w-full max-w-4xl">
        <SignedOutHeader portalName={portalName} logoUrl={logoUrl} />
        <main id="main-content" tabIndex={-1} className="py-8 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
