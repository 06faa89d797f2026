import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdBodySchema, EnrollmentResultSchema, MyCourseListSchema } from '#shared/schemas/enrollment';
import { sendJsonBytes } from '../../lib/json-bytes';
import { requireUser } from '../../plugins/current-user';
import { cancelOpenIntents } from './checkout/cancellation';
import { settlePayment } from './checkout/settlement';
import { ENROLLING_ERRORS } from './checkout.routes';
import { enrollInFreeCourse } from './enrollment.service';
import { listMyCourses } from './my-courses.service';

const TAGS = ['enrollment'];
const BEARER = [{ bearerAuth: [] }];

/** Enrolling without paying, and the courses a student is enrolled in (checkout.routes.ts: paying). */
export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-courses',
    {
      schema: {
        tags: TAGS,
        summary: "The signed-in user's enrolled courses with progress",
        security: BEARER,
        response: { 200: MyCourseListSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return sendJsonBytes(reply, await listMyCourses({ reads: app.reads, userId: user.id }));
    },
  );

  app.post(
    '/api/enroll-free',
    {
      schema: {
        tags: TAGS,
        summary: 'Enroll in a free course (idempotent)',
        security: BEARER,
        body: CourseIdBodySchema,
        response: { 200: EnrollmentResultSchema, ...ENROLLING_ERRORS },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const enrollment = await enrollInFreeCourse({ db: app.db, userId: user.id, courseId: request.body.courseId });
      // A course made free after someone opened its checkout: that payment can no longer be wanted.
      await cancelOpenIntents({
        db: app.db,
        provider: app.payments,
        log: request.log,
        jobs: app.jobs,
        metrics: app.metrics,
        userId: user.id,
        courseId: enrollment.courseId,
        settle: settlePayment,
      });
      return enrollment;
    },
  );
};
