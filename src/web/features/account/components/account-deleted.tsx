import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { paths } from '#web/lib/paths';

export function AccountDeleted() {
  useDocumentTitle('Account deleted');
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <CircleCheck className="size-12 text-success" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">Your account has been deleted</h1>
      <p role="status" className="text-muted-foreground">
        You are signed out everywhere. Thank you for learning with us.
      </p>
      <Button asChild>
        <Link to={paths.home.getHref()}>Back to Home</Link>
      </Button>
    </div>
  );
}
