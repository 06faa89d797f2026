import { useSearchParams } from 'react-router';
import { ConfirmEmail } from '#web/features/account/components/confirm-email';

export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  return <ConfirmEmail token={params.get('token')} />;
}
