import { COURSE_LENGTH_HOURS_MAX, formatCourseLength, parseCourseLength } from '#shared/course-length';
import type { Course, Difficulty } from '#shared/schemas/catalog';
import {
  COURSE_PRICE_MESSAGE,
  CoursePriceSchema,
  type CreateCourseBody,
  PRICE_MAX,
  type UpdateCourseBody,
} from '#shared/schemas/creator';
import { t } from '#web/lib/i18n/t';

export interface CourseFormValues {
  title: string;
  /** HTML from the rich-text editor; '' when empty. */
  description: string;
  /** As typed: '' means free. */
  price: string;
  difficulty: Difficulty;
  /** The course's length as typed, whole hours and minutes; both '' for none. */
  lengthHours: string;
  lengthMinutes: string;
  /** A stored length the form cannot read as hours and minutes ("6 weeks"): kept until both are entered. */
  unreadLength: string | null;
  /** An object path from PUT /api/course-thumbnails, or null. */
  thumbnail: string | null;
  /** The language the course is taught in, a BCP 47 tag. */
  language: string;
}

/** The fields errors are shown under, named as the API names them (`errors.<field>`). */
export const courseFields = ['title', 'description', 'price', 'difficulty', 'language', 'duration', 'thumbnail'] as const;
export type CourseField = (typeof courseFields)[number];

/** The field each value is shown in: the hours and minutes are the API's one `duration`. */
export function fieldOfValue(key: keyof CourseFormValues): CourseField {
  return key === 'lengthHours' || key === 'lengthMinutes' || key === 'unreadLength' ? 'duration' : key;
}

export const EMPTY_COURSE_FORM: CourseFormValues = {
  title: '',
  description: '',
  price: '',
  difficulty: 'Beginner',
  lengthHours: '',
  lengthMinutes: '',
  unreadLength: null,
  thumbnail: null,
  language: 'en',
};

/** What a course without a description is saved with (docs/product.md, Publishing and the studio). */
export const DESCRIPTION_PLACEHOLDER = 'Course description to be added';

export function toCourseFormValues(course: Course): CourseFormValues {
  const length = course.duration ? parseCourseLength(course.duration) : null;
  return {
    title: course.title,
    description: course.description,
    price: course.price,
    difficulty: course.difficulty,
    lengthHours: length ? String(length.hours) : '',
    lengthMinutes: length ? String(length.minutes) : '',
    unreadLength: course.duration && !length ? course.duration : null,
    thumbnail: course.thumbnail,
    language: course.language,
  };
}

/** Markup alone (an empty paragraph, a lone line break) is no description. */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}

export interface CourseFormProblem {
  field: CourseField;
  /** The notice's title, e.g. 'Course title required'. */
  title: string;
  /** The notice's description, also shown under the field. */
  description: string;
}

const WHOLE_NUMBER = /^\d+$/;

/** The shared price rule's English words, told in the page's language. */
function priceProblem(message: string | undefined): string {
  if (message === COURSE_PRICE_MESSAGE) return t('courseEditor.priceMinimum');
  if (message === `Price must be at most ${PRICE_MAX}`) return t('courseEditor.priceMaximum', { max: String(PRICE_MAX) });
  return t('courseEditor.priceInvalidDescription');
}

/** The length as typed: null when both are empty, else whole hours and minutes (0–59), or the problem. */
function readLength(values: CourseFormValues): { hours: number; minutes: number } | null | CourseFormProblem {
  const hours = values.lengthHours.trim();
  const minutes = values.lengthMinutes.trim();
  if (hours === '' && minutes === '') return null;
  const problem = (description: string): CourseFormProblem => ({
    field: 'duration',
    title: t('courseEditor.invalidLength'),
    description,
  });
  if (hours !== '' && (!WHOLE_NUMBER.test(hours) || Number(hours) > COURSE_LENGTH_HOURS_MAX)) {
    return problem(t('courseEditor.lengthHoursRange', { max: COURSE_LENGTH_HOURS_MAX }));
  }
  if (minutes !== '' && (!WHOLE_NUMBER.test(minutes) || Number(minutes) > 59)) {
    return problem(t('courseEditor.lengthMinutesRange'));
  }
  return { hours: Number(hours || 0), minutes: Number(minutes || 0) };
}

/**
 * The form's checks (docs/product.md, Publishing and the studio), in this order: the title always; for Create &
 * Build also a description (the notice names it, rather than a vague 'Missing fields'); a price, when given, a
 * number of at least 0 (with cents at most, as the server takes it), and free or at least 0.50 (an empty price
 * is free, as the field's hint says); a length, when given, in whole hours and minutes. Every problem is shown
 * under its field; the notice names the first.
 */
export function findCourseFormProblems(
  values: CourseFormValues,
  { requireDescription }: { requireDescription: boolean },
): CourseFormProblem[] {
  const problems: CourseFormProblem[] = [];
  if (!values.title.trim()) {
    problems.push({
      field: 'title',
      title: t('courseEditor.titleRequired'),
      description: t('courseEditor.titleRequiredDescription'),
    });
  }
  if (requireDescription && isBlankHtml(values.description)) {
    problems.push({
      field: 'description',
      title: t('courseEditor.descriptionRequired'),
      description: t('courseEditor.descriptionRequiredDescription'),
    });
  }
  const price = CoursePriceSchema.safeParse(values.price.trim());
  if (!price.success) {
    problems.push({
      field: 'price',
      title: t('courseEditor.invalidPrice'),
      description: priceProblem(price.error.issues[0]?.message),
    });
  }
  const length = readLength(values);
  if (length !== null && 'field' in length) problems.push(length);
  return problems;
}

/** What `duration` carries: the typed length in words the search reads, or the stored text left untouched. */
function durationOf(values: CourseFormValues): string | null {
  const length = readLength(values);
  if (length === null || 'field' in length) return values.unreadLength;
  return formatCourseLength(length);
}

function sharedBody(values: CourseFormValues) {
  return {
    title: values.title.trim(),
    price: values.price.trim() || '0.00',
    difficulty: values.difficulty,
    duration: durationOf(values),
    thumbnail: values.thumbnail,
    language: values.language,
  };
}

/** Every new course is a draft; it goes live through Publish in the builder. */
export function toCreateCourseBody(values: CourseFormValues): CreateCourseBody {
  return {
    ...sharedBody(values),
    description: isBlankHtml(values.description) ? DESCRIPTION_PLACEHOLDER : values.description,
    published: false,
  };
}

export function toUpdateCourseBody(values: CourseFormValues): UpdateCourseBody {
  return {
    ...sharedBody(values),
    description: isBlankHtml(values.description) ? DESCRIPTION_PLACEHOLDER : values.description,
  };
}
