import type { Translations } from './define';
import { accountMessages } from './messages/account';
import { adminMessages } from './messages/admin';
import { authMessages } from './messages/auth';
import { catalogMessages } from './messages/catalog';
import { certificateMessages } from './messages/certificate';
import { certificatesMessages } from './messages/certificates';
import { commonMessages } from './messages/common';
import { couponsMessages } from './messages/coupons';
import { courseBuilderMessages } from './messages/courseBuilder';
import { courseEditorMessages } from './messages/courseEditor';
import { creatorMessages } from './messages/creator';
import { discussionsMessages } from './messages/discussions';
import { earningsMessages } from './messages/earnings';
import { enrollmentMessages } from './messages/enrollment';
import { instructorsMessages } from './messages/instructors';
import { learningMessages } from './messages/learning';
import { mailMessages } from './messages/mail';
import { moduleBuilderMessages } from './messages/moduleBuilder';
import { previewMessages } from './messages/preview';
import { purchasesMessages } from './messages/purchases';
import { quizBuilderMessages } from './messages/quizBuilder';
import { quizzesMessages } from './messages/quizzes';
import { receiptMessages } from './messages/receipt';
import { reviewDeckMessages } from './messages/reviewDeck';
import { reviewsMessages } from './messages/reviews';
import { searchMessages } from './messages/search';
import { shellMessages } from './messages/shell';
import { siteMessages } from './messages/site';
import { validationMessages } from './messages/validation';

/*
 * Every message of the interface, by key (ADR 0062). Each area's file defines its own, keyed by the
 * area's name (`catalog.…`); a test checks no key is defined twice. Only the server, the build and the
 * tests import this: the browser gets each message compiled into the code that uses it.
 */
const AREAS = {
  adminMessages,
  catalogMessages,
  certificatesMessages,
  commonMessages,
  instructorsMessages,
  purchasesMessages,
  reviewsMessages,
  searchMessages,
  discussionsMessages,
  learningMessages,
  previewMessages,
  quizzesMessages,
  reviewDeckMessages,
  siteMessages,
  shellMessages,
  couponsMessages,
  creatorMessages,
  earningsMessages,
  accountMessages,
  authMessages,
  enrollmentMessages,
  validationMessages,
  courseBuilderMessages,
  courseEditorMessages,
  moduleBuilderMessages,
  quizBuilderMessages,
  certificateMessages,
  mailMessages,
  receiptMessages,
};

type Areas = typeof AREAS;
export type MessageKey = { [Area in keyof Areas]: keyof Areas[Area] & string }[keyof Areas];
/** What fills a message's placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

export const MESSAGE_AREAS: Readonly<Record<string, Readonly<Record<string, Translations>>>> = AREAS;
export const MESSAGES = Object.assign({}, ...Object.values(AREAS)) as Readonly<Record<MessageKey, Translations>>;
