import type { Course, Difficulty } from '#shared/schemas/catalog';
import { COURSE_PRICE_MESSAGE, CoursePriceSchema, type CreateCourseBody, type UpdateCourseBody } from '#shared/schemas/creator';

export interface CourseFormValues {
  title: string;
  /** HTML from the rich-text editor; '' when empty. */
  description: string;
  /** As typed: '' means free. */
  price: string;
  difficulty: Difficulty;
  duration: string;
  /** An object path from PUT /api/course-thumbnails, or null. */
  thumbnail: string | null;
}

export type CourseField = keyof CourseFormValues;

export const EMPTY_COURSE_FORM: CourseFormValues = {
  title: '',
  description: '',
  price: '',
  difficulty: 'Beginner',
  duration: '',
  thumbnail: null,
};

/** SPEC §5: what a course without a description is saved with. */
export const DESCRIPTION_PLACEHOLDER = 'Course description to be added';

export function toCourseFormValues(course: Course): CourseFormValues {
  return {
    title: course.title,
    description: course.description,
    price: course.price,
    difficulty: course.difficulty,
    duration: course.duration ?? '',
    thumbnail: course.thumbnail,
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
  title: string;
  description: string;
  /** Said under the field as well as in the notice. */
  fieldMessage?: string;
}

/**
 * SPEC §5, in its order: the title always; for Create & Build also a description (the notice names
 * it, rather than SPEC's vague 'Missing fields'); a price, when given, a number of at least 0 (with
 * cents at most, as the server takes it), and free or at least 0.50. An empty price is free, as the
 * field's hint says.
 */
export function findCourseFormProblem(
  values: CourseFormValues,
  { requireDescription }: { requireDescription: boolean },
): CourseFormProblem | null {
  if (!values.title.trim()) {
    return { field: 'title', title: 'Course title required', description: 'Please enter a title for your course' };
  }
  if (requireDescription && isBlankHtml(values.description)) {
    return {
      field: 'description',
      title: 'Description required',
      description: 'Please describe your course to start building',
    };
  }
  const price = CoursePriceSchema.safeParse(values.price.trim());
  if (!price.success) {
    const message = price.error.issues[0]?.message ?? 'Please enter a valid price';
    return {
      field: 'price',
      title: 'Invalid price',
      description: message,
      // The smallest paid price is a rule, not a typo: it stays under the field, as the server's answer would.
      ...(message === COURSE_PRICE_MESSAGE ? { fieldMessage: message } : {}),
    };
  }
  return null;
}

function sharedBody(values: CourseFormValues) {
  return {
    title: values.title.trim(),
    price: values.price.trim() || '0.00',
    difficulty: values.difficulty,
    duration: values.duration.trim() || null,
    thumbnail: values.thumbnail,
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
