import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
