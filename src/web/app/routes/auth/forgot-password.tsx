import { AuthLayout } from '#web/components/layouts/auth-layout';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';

export default function ForgotPasswordRoute() {
  useDocumentTitle(t('auth.forgotPasswordTitle'));
  return (
    <AuthLayout>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
