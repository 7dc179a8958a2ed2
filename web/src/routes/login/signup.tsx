import { createFileRoute, Link } from '@tanstack/react-router';
import { NoticePage } from '@/components/notice-page.tsx';
import { Button } from '@/components/ui/button.tsx';

export const Route = createFileRoute('/login/signup')({
  component: SignUpPage,
});

function SignUpPage() {
  return (
    <NoticePage
      title="Sign up"
      actions={
        <>
          <Button asChild>
            <Link to="/login/pin">Sign in with account number and PIN</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/login">Back to sign-in options</Link>
          </Button>
        </>
      }
    >
      <p>
        Creating an account online is not available yet. You can already sign in with the account
        number and PIN printed on your statement.
      </p>
    </NoticePage>
  );
}
