import { createFileRoute, Link } from '@tanstack/react-router';
import { NoticePage } from '@/components/notice-page.tsx';
import { Button } from '@/components/ui/button.tsx';

export const Route = createFileRoute('/verify/code')({
  component: VerifyCodePage,
});

function VerifyCodePage() {
  return (
    <NoticePage
      title="Enter your verification code"
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
        Signing in with a code sent by email is not available yet. Please sign in with the account
        number and PIN printed on your statement.
      </p>
    </NoticePage>
  );
}
