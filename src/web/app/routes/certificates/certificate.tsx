import { useParams } from 'react-router';
import { CertificateVerification } from '#web/features/certificates/components/certificate-verification';

export default function CertificateRoute() {
  const { id = '' } = useParams();
  return <CertificateVerification key={id} certificateId={id} />;
}
