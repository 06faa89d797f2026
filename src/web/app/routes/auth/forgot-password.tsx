import { AuthLayout } from '#web/components/layouts/auth-layout';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '#web/hooks/use-document-title';

export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
