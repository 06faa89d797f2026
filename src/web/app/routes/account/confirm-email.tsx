import { useSearchParams } from 'react-router';
import { ConfirmEmail } from '#web/features/account/components/confirm-email';

export default function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  return <ConfirmEmail token={params.get('token')} />;
}
