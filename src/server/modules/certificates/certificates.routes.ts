import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { EligibilitySchema, VerifiedCertificateSchema } from '#shared/schemas/certificates';
import { IdParamsSchema } from '#shared/schemas/creator';
import { AppError } from '../../errors';
import { certificateFileName } from '../../lib/certificate-pdf';
import { getCourseAccess } from '../../lib/course-access';
import { createVerificationCache } from '../../lib/credentials/verifier';
import { matchesEtag } from '../../lib/http-etag';
import { recipientLocale } from '../../lib/recipient-locale';
import { requireUser } from '../../plugins/current-user';
import { certificateCredential, certificateVerification } from './certificate-credentials';
import { createCertificateFiles } from './certificate-files';
import { findCertificate, isEligible, issueCertificate } from './certificates.service';

const TAGS = ['certificates'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** docs/product.md, Certificates: eligibility, the PDF (issued once) and the public verification. */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = createCertificateFiles(app.objectStore);
  const verified = createVerificationCache();
  /** Certificates are for the course's enrolled students; its creator and others learn nothing here. */
  const enrolledStudent = async (request: Parameters<typeof requireUser>[0], courseId: string) => {
    const user = await requireUser(request);
    const access = await getCourseAccess({ reads: app.reads, userId: user.id, courseId });
    if (!access) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
    if (access.level !== 'enrolled')
      throw new AppError(ErrorCode.FORBIDDEN, 'Certificates are for students enrolled in this course');
    return { userId: user.id, courseId: access.course.id, locale: user.locale };
  };

  app.get(
    '/api/courses/:id/certificate/eligible',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the caller has completed every lesson and passed every quiz',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: EligibilitySchema, ...denied },
      },
    },
    async (request) => {
      const student = await enrolledStudent(request, request.params.id);
      return {
        eligible: await isEligible({ reads: app.reads, ...student }),
      };
    },
  );

  app.get(
    '/api/courses/:id/certificate',
    {
      config: { private: true },
      schema: {
        tags: TAGS,
        summary: 'The certificate as a PDF (issued and drawn on the first download, the same bytes ever after)',
        security: BEARER,
        params: IdParamsSchema,
        produces: ['application/pdf'],
        response: { ...denied },
      },
    },
    async (request, reply) => {
      const student = await enrolledStudent(request, request.params.id);
      if (!(await isEligible({ reads: app.reads, ...student }))) {
        throw new AppError(ErrorCode.FORBIDDEN, 'Complete every lesson and pass every quiz to earn the certificate');
      }
      const certificate = await issueCertificate({ db: app.db, userId: student.userId, courseId: student.courseId });
      // Signed at issue, so that a verifier's first request finds it made (docs/product.md, Credentials).
      await certificateCredential({
        db: app.db,
        publicUrl: app.config.publicUrl,
        ...app.credentials,
        now: new Date(app.clock()),
        id: certificate.id,
      });
      const pdf = await files.open({
        certificate,
        verifyUrl: `${app.config.publicUrl}/certificates/${certificate.id}`,
        locale: recipientLocale(student.locale),
      });
      const etag = `"${pdf.etag}"`;
      reply
        .header('content-disposition', `attachment; filename="${certificateFileName(certificate.courseTitle)}"`)
        .header('x-certificate-id', certificate.id)
        .header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        pdf.body.destroy();
        return reply.code(304).send(undefined as never);
      }
      // Bytes, not JSON: the typed reply knows only the error schemas of this route.
      return reply
        .type('application/pdf')
        .header('content-length', pdf.size)
        .send(pdf.body as never);
    },
  );

  app.get(
    '/api/certificates/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Verify a certificate (public): what it says, and what was checked of its signed credential',
        params: IdParamsSchema,
        response: { 200: VerifiedCertificateSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const certificate = await findCertificate({ db: app.db, id: request.params.id });
      if (!certificate) throw new AppError(ErrorCode.NOT_FOUND, 'Certificate not found');
      const verification = await certificateVerification({
        db: app.db,
        publicUrl: app.config.publicUrl,
        ...app.credentials,
        verified,
        now: new Date(app.clock()),
        id: certificate.id,
      });
      if (!verification) throw new AppError(ErrorCode.NOT_FOUND, 'Certificate not found');
      return { ...certificate, verification };
    },
  );
};
