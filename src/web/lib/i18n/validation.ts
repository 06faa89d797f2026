import { formatCount } from './format';
import { t } from './t';

/*
 * The shared schemas, the API's `errors` fields and its `message` texts speak English (the API's
 * contract, docs/product.md, Languages); a form shows its field errors, and the refusals of the
 * account's and sign-in's calls, in the page's language by looking each English text up here. Only
 * form code imports this, so no other page carries these messages.
 */

/** Messages without values, by their English text. */
const FIXED: Readonly<Record<string, () => string>> = {
  'Must not contain control characters': () => t('validation.controlCharacters'),
  'Must be valid Unicode text': () => t('validation.invalidUnicode'),
  'Please enter a valid email address': () => t('validation.emailInvalid'),
  'Send a name or a locale': () => t('validation.nameOrLocale'),
  'Choose one of en, es, de, ar': () => t('validation.localeUnknown'),
  'Password is required': () => t('validation.passwordRequired'),
  'Name is required': () => t('validation.nameRequired'),
  'Enter your current password': () => t('validation.currentPasswordRequired'),
  'Your current password is not correct': () => t('validation.wrongPassword'),
  'The new password must differ from the current one': () => t('validation.samePassword'),
  'This is already your email address': () => t('validation.emailSame'),
  'An account with this email already exists': () => t('validation.emailTaken'),
  'Invalid email or password': () => t('validation.invalidCredentials'),
  'This account has been suspended by an administrator. Contact support if you think this is a mistake.': () =>
    t('validation.suspended'),
  'A valid invitation code is required to create a creator account': () => t('validation.inviteRequired'),
  'This invitation code was issued for a different email address': () => t('validation.inviteOtherEmail'),
  'Invalid or expired reset token': () => t('validation.resetInvalid'),
  'Your courses have students, who keep access to what they enrolled in, so this account cannot be deleted here. Write to support@gradient.academy and we will hand the courses over or close them with the students.':
    () => t('validation.creatorHasStudents'),
  'Archive your published courses first (Dashboard → course menu → Archive): a deleted account cannot keep courses in the marketplace.':
    () => t('validation.creatorHasPublished'),
  'Give the creator a reason': () => t('validation.unpublishReason'),
  'Say why the certificate is revoked': () => t('validation.revokeReason'),
  'Give the bank transfer’s reference': () => t('validation.payoutReference'),
  'from must not be after to': () => t('validation.fromAfterTo'),
  'Please enter a valid price': () => t('validation.priceInvalid'),
  'A course is free (0) or costs at least 0.50': () => t('validation.coursePrice'),
  'A code is 4 to 32 letters, digits, dashes or underscores': () => t('validation.couponCodeFormat'),
  'expiresAt must be a date and time such as 2027-01-31T23:59:00Z': () => t('validation.expiresAtFormat'),
  'Give either percentOff or amountOff': () => t('validation.percentOrAmount'),
  'amountOff must be more than 0.00': () => t('validation.amountOffPositive'),
  'Enter an amount such as 12.34': () => t('validation.amountFormat'),
  'The amount must be more than 0.00': () => t('validation.amountPositive'),
  'The amount is too large': () => t('validation.amountTooLarge'),
  'minPrice must not be above maxPrice': () => t('validation.minPriceAboveMax'),
  'Title is required': () => t('validation.titleRequired'),
  'Must be an object path from an upload': () => t('validation.objectPath'),
  'Must be a language tag such as en or pt-BR': () => t('validation.languageTag'),
  'Use a language tag such as en or pt-BR': () => t('validation.captionsLanguageTag'),
  'Give the captions a label': () => t('validation.captionsLabel'),
  'Question is required': () => t('validation.questionRequired'),
  'Option A is required': () => t('validation.optionARequired'),
  'Option B is required': () => t('validation.optionBRequired'),
  'Fill option C before option D': () => t('validation.optionCBeforeD'),
  'Please select a correct answer from the filled options.': () => t('validation.correctFromFilled'),
  'A choice cannot be empty': () => t('validation.choiceEmpty'),
  'Each choice must be different': () => t('validation.choicesDistinct'),
  'Mark at least one correct choice': () => t('validation.markCorrectChoice'),
  'Mark correct choices among the choices given': () => t('validation.correctAmongChoices'),
  'Mark each correct choice once': () => t('validation.correctOnce'),
  'An accepted answer cannot be empty': () => t('validation.acceptedAnswerEmpty'),
  'Tolerance must be 0 or more': () => t('validation.toleranceMin'),
  'Tests are required': () => t('validation.testsRequired'),
  'Send either selectedOption (a single-choice question) or answer': () => t('validation.oneAnswerForm'),
  'Write something first': () => t('validation.writeSomething'),
  'Rating must be 1 to 5 stars': () => t('validation.ratingRange'),
  'A reply needs some text': () => t('validation.replyNeedsText'),
  'minRating must be 1 to 5': () => t('validation.minRatingRange'),
  'A position cannot be negative': () => t('validation.positionNegative'),
};

/** Messages the schemas fill with a value (a limit, a field, a language), read back out of the English. */
const FILLED: readonly (readonly [RegExp, (values: string[]) => string])[] = [
  [/^Password must be at least (\d+) characters long\.$/, ([min]) => t('validation.passwordMinLength', { min: Number(min) })],
  [/^Price must be at most (\d+(?:\.\d+)?)$/, ([max = '']) => t('validation.priceMax', { max })],
  [/^At most (\d+) caption languages$/, ([max]) => t('validation.captionsMax', { max: Number(max) })],
  [/^Captions in (.+) are already there$/, ([language = '']) => t('validation.captionsTaken', { language })],
  [/^A (\S+) slide has no (\S+)$/, ([type = '', field = '']) => t('validation.slideHasNoField', { type, field })],
  [/^(\S+) must be a date such as (\S+)$/, ([name = '', example = '']) => t('validation.dateFormat', { name, example })],
  [
    /^Code must be at most ([\d,]+) characters$/,
    ([max = '']) => t('validation.codeMax', { max: formatCount(Number(max.replaceAll(',', ''))) }),
  ],
  [/^Give (\d+) to (\d+) choices$/, ([min = '', max = '']) => t('validation.choicesCount', { min, max })],
  [/^Give 1 to (\d+) accepted answers$/, ([max = '']) => t('validation.acceptedAnswersCount', { max })],
  [/^(\S+) must be an amount in dollars such as 19\.99$/, ([name = '']) => t('validation.dollarAmount', { name })],
  [/^unlockAfterDays is at most (\d+)$/, ([max = '']) => t('validation.unlockAfterDaysMax', { max })],
  [
    /^A position is at most ([\d,]+) seconds$/,
    ([max = '']) => t('validation.positionMax', { max: formatCount(Number(max.replaceAll(',', ''))) }),
  ],
];

/** A field error in the page's language; a text this does not know stays as it came. */
export function validationText(englishMessage: string): string {
  if (Object.hasOwn(FIXED, englishMessage)) return FIXED[englishMessage]?.() ?? englishMessage;
  for (const [pattern, translate] of FILLED) {
    const match = pattern.exec(englishMessage);
    if (match) return translate(match.slice(1));
  }
  return englishMessage;
}

/** Every field's error in the page's language. */
export function validationTexts(errors: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, validationText(message)]));
}
