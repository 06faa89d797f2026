import { defineMessages } from '../define';

/**
 * What a form says about a field, for every message the shared schemas (src/shared/schemas) and the
 * API's `errors` fields give in English; src/web/lib/i18n/validation.ts picks one by its English text.
 * Field names the API reads (`from`, `percentOff`…) stay as they are in every language.
 */
export const validationMessages = defineMessages({
  // Any text
  'validation.nameOrLocale': {
    en: 'Send a name or a locale',
    es: 'Envía un nombre o un idioma',
    de: 'Sende einen Namen oder eine Sprache',
    ar: 'أرسل اسمًا أو لغة',
  },
  'validation.localeUnknown': {
    en: 'Choose one of en, es, de, ar',
    es: 'Elige uno de en, es, de, ar',
    de: 'Wähle eines von en, es, de, ar',
    ar: 'اختر واحدًا من en وes وde وar',
  },
  'validation.controlCharacters': {
    en: 'Must not contain control characters',
    es: 'No debe contener caracteres de control',
    de: 'Darf keine Steuerzeichen enthalten',
    ar: 'يجب ألا يحتوي على أحرف تحكّم',
  },
  'validation.invalidUnicode': {
    en: 'Must be valid Unicode text',
    es: 'Debe ser texto Unicode válido',
    de: 'Muss gültiger Unicode-Text sein',
    ar: 'يجب أن يكون نص Unicode صالحًا',
  },

  // Accounts
  'validation.emailInvalid': {
    en: 'Please enter a valid email address',
    es: 'Introduce un correo electrónico válido',
    de: 'Bitte gib eine gültige E-Mail-Adresse ein',
    ar: 'يُرجى إدخال بريد إلكتروني صالح',
  },
  'validation.passwordMinLength': {
    en: 'Password must be at least {min, plural, one {# character} other {# characters}} long.',
    es: 'La contraseña debe tener al menos {min, plural, one {# carácter} other {# caracteres}}.',
    de: 'Das Passwort muss mindestens {min, plural, one {# Zeichen} other {# Zeichen}} lang sein.',
    ar: 'يجب أن تتكوّن كلمة المرور من {min, plural, zero {# أحرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}} على الأقل.',
  },
  'validation.passwordRequired': {
    en: 'Password is required',
    es: 'La contraseña es obligatoria',
    de: 'Das Passwort ist erforderlich',
    ar: 'كلمة المرور مطلوبة',
  },
  'validation.nameRequired': {
    en: 'Name is required',
    es: 'El nombre es obligatorio',
    de: 'Der Name ist erforderlich',
    ar: 'الاسم مطلوب',
  },
  'validation.currentPasswordRequired': {
    en: 'Enter your current password',
    es: 'Introduce tu contraseña actual',
    de: 'Gib dein aktuelles Passwort ein',
    ar: 'أدخل كلمة المرور الحالية',
  },
  'validation.wrongPassword': {
    en: 'Your current password is not correct',
    es: 'Tu contraseña actual no es correcta',
    de: 'Dein aktuelles Passwort ist nicht korrekt',
    ar: 'كلمة المرور الحالية غير صحيحة',
  },
  'validation.samePassword': {
    en: 'The new password must differ from the current one',
    es: 'La nueva contraseña debe ser distinta de la actual',
    de: 'Das neue Passwort muss sich vom aktuellen unterscheiden',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية',
  },
  'validation.emailSame': {
    en: 'This is already your email address',
    es: 'Este ya es tu correo electrónico',
    de: 'Das ist bereits deine E-Mail-Adresse',
    ar: 'هذا هو بريدك الإلكتروني بالفعل',
  },
  'validation.emailTaken': {
    en: 'An account with this email already exists',
    es: 'Ya existe una cuenta con este correo electrónico',
    de: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
    ar: 'يوجد حساب بهذا البريد الإلكتروني بالفعل',
  },
  'validation.invalidCredentials': {
    en: 'Invalid email or password',
    es: 'El correo electrónico o la contraseña no son correctos',
    de: 'E-Mail-Adresse oder Passwort ist falsch',
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  },
  'validation.suspended': {
    en: 'This account has been suspended by an administrator. Contact support if you think this is a mistake.',
    es: 'Un administrador ha suspendido esta cuenta. Ponte en contacto con soporte si crees que es un error.',
    de: 'Dieses Konto wurde von einem Administrator gesperrt. Wende dich an den Support, wenn du das für einen Fehler hältst.',
    ar: 'علّق أحد المسؤولين هذا الحساب. تواصل مع الدعم إن كنت تعتقد أن هذا خطأ.',
  },
  'validation.inviteRequired': {
    en: 'A valid invitation code is required to create a creator account',
    es: 'Para crear una cuenta de creador necesitas un código de invitación válido',
    de: 'Für ein Kursersteller-Konto brauchst du einen gültigen Einladungscode',
    ar: 'يلزم رمز دعوة صالح لإنشاء حساب منشئ',
  },
  'validation.inviteOtherEmail': {
    en: 'This invitation code was issued for a different email address',
    es: 'Este código de invitación se emitió para otro correo electrónico',
    de: 'Dieser Einladungscode wurde für eine andere E-Mail-Adresse ausgestellt',
    ar: 'صدر رمز الدعوة هذا لبريد إلكتروني مختلف',
  },
  'validation.resetInvalid': {
    en: 'Invalid or expired reset token',
    es: 'El enlace de restablecimiento no es válido o ha caducado',
    de: 'Ungültiger oder abgelaufener Link zum Zurücksetzen',
    ar: 'رمز إعادة التعيين غير صالح أو منتهي الصلاحية',
  },
  'validation.creatorHasStudents': {
    en: 'Your courses have students, who keep access to what they enrolled in, so this account cannot be deleted here. Write to support@gradient.academy and we will hand the courses over or close them with the students.',
    es: 'Tus cursos tienen estudiantes, que conservan el acceso a lo que compraron, así que esta cuenta no se puede eliminar aquí. Escribe a support@gradient.academy y traspasaremos los cursos o los cerraremos junto con los estudiantes.',
    de: 'Deine Kurse haben Teilnehmende, die den Zugang zu ihren Kursen behalten, daher kann dieses Konto hier nicht gelöscht werden. Schreib an support@gradient.academy, dann übergeben wir die Kurse oder schließen sie gemeinsam mit den Teilnehmenden.',
    ar: 'لدوراتك طلاب يحتفظون بالوصول إلى ما سجّلوا فيه، لذا لا يمكن حذف هذا الحساب من هنا. راسل support@gradient.academy وسننقل الدورات أو نغلقها بالتنسيق مع الطلاب.',
  },
  'validation.creatorHasPublished': {
    en: 'Archive your published courses first (Dashboard → course menu → Archive): a deleted account cannot keep courses in the marketplace.',
    es: 'Archiva primero tus cursos publicados (Panel → menú del curso → Archivar): una cuenta eliminada no puede mantener cursos en el marketplace.',
    de: 'Archiviere zuerst deine veröffentlichten Kurse (Dashboard → Kursmenü → Archivieren): Ein gelöschtes Konto kann keine Kurse im Marktplatz behalten.',
    ar: 'أرشِف دوراتك المنشورة أولًا (لوحة التحكم ← قائمة الدورة ← أرشفة): لا يمكن لحساب محذوف أن يُبقي دورات في المتجر.',
  },

  // Administration
  'validation.unpublishReason': {
    en: 'Give the creator a reason',
    es: 'Indica un motivo al creador',
    de: 'Nenne dem Kursersteller einen Grund',
    ar: 'اذكر سببًا للمنشئ',
  },
  'validation.revokeReason': {
    en: 'Say why the certificate is revoked',
    es: 'Indica por qué se revoca el certificado',
    de: 'Gib an, warum das Zertifikat widerrufen wird',
    ar: 'اذكر سبب إلغاء الشهادة',
  },
  'validation.payoutReference': {
    en: 'Give the bank transfer’s reference',
    es: 'Indica la referencia de la transferencia bancaria',
    de: 'Gib den Verwendungszweck der Überweisung an',
    ar: 'أدخل مرجع التحويل المصرفي',
  },
  'validation.fromAfterTo': {
    en: 'from must not be after to',
    es: 'from no puede ser posterior a to',
    de: 'from darf nicht nach to liegen',
    ar: 'يجب ألا يكون from بعد to',
  },
  'validation.dateFormat': {
    en: '{name} must be a date such as {example}',
    es: '{name} debe ser una fecha como {example}',
    de: '{name} muss ein Datum wie {example} sein',
    ar: 'يجب أن يكون {name} تاريخًا مثل {example}',
  },

  // Money, prices and coupons
  'validation.priceInvalid': {
    en: 'Please enter a valid price',
    es: 'Introduce un precio válido',
    de: 'Bitte gib einen gültigen Preis ein',
    ar: 'يُرجى إدخال سعر صالح',
  },
  'validation.priceMax': {
    en: 'Price must be at most {max}',
    es: 'El precio no puede superar {max}',
    de: 'Der Preis darf höchstens {max} betragen',
    ar: 'يجب ألا يتجاوز السعر {max}',
  },
  'validation.coursePrice': {
    en: 'A course is free (0) or costs at least 0.50',
    es: 'Un curso es gratis (0) o cuesta al menos 0.50',
    de: 'Ein Kurs ist kostenlos (0) oder kostet mindestens 0.50',
    ar: 'الدورة إما مجانية (0) أو يبلغ سعرها 0.50 على الأقل',
  },
  'validation.couponCodeFormat': {
    en: 'A code is 4 to 32 letters, digits, dashes or underscores',
    es: 'Un código tiene de 4 a 32 letras, dígitos, guiones o guiones bajos',
    de: 'Ein Code besteht aus 4 bis 32 Buchstaben, Ziffern, Bindestrichen oder Unterstrichen',
    ar: 'يتكوّن الرمز من 4 إلى 32 حرفًا أو رقمًا أو شرطة أو شرطة سفلية',
  },
  'validation.expiresAtFormat': {
    en: 'expiresAt must be a date and time such as 2027-01-31T23:59:00Z',
    es: 'expiresAt debe ser una fecha y hora como 2027-01-31T23:59:00Z',
    de: 'expiresAt muss ein Datum mit Uhrzeit wie 2027-01-31T23:59:00Z sein',
    ar: 'يجب أن يكون expiresAt تاريخًا ووقتًا مثل 2027-01-31T23:59:00Z',
  },
  'validation.percentOrAmount': {
    en: 'Give either percentOff or amountOff',
    es: 'Indica percentOff o amountOff, pero no ambos',
    de: 'Gib entweder percentOff oder amountOff an',
    ar: 'أدخل percentOff أو amountOff وليس كليهما',
  },
  'validation.amountOffPositive': {
    en: 'amountOff must be more than 0.00',
    es: 'amountOff debe ser mayor que 0.00',
    de: 'amountOff muss größer als 0.00 sein',
    ar: 'يجب أن يكون amountOff أكبر من 0.00',
  },
  'validation.amountFormat': {
    en: 'Enter an amount such as 12.34',
    es: 'Introduce un importe como 12.34',
    de: 'Gib einen Betrag wie 12.34 ein',
    ar: 'أدخل مبلغًا مثل 12.34',
  },
  'validation.amountPositive': {
    en: 'The amount must be more than 0.00',
    es: 'El importe debe ser mayor que 0.00',
    de: 'Der Betrag muss größer als 0.00 sein',
    ar: 'يجب أن يكون المبلغ أكبر من 0.00',
  },
  'validation.amountTooLarge': {
    en: 'The amount is too large',
    es: 'El importe es demasiado alto',
    de: 'Der Betrag ist zu hoch',
    ar: 'المبلغ كبير جدًا',
  },
  'validation.minPriceAboveMax': {
    en: 'minPrice must not be above maxPrice',
    es: 'minPrice no puede ser mayor que maxPrice',
    de: 'minPrice darf nicht über maxPrice liegen',
    ar: 'يجب ألا يتجاوز minPrice قيمة maxPrice',
  },

  'validation.dollarAmount': {
    en: '{name} must be an amount in dollars such as 19.99',
    es: '{name} debe ser un importe en dólares como 19.99',
    de: '{name} muss ein Betrag in Dollar wie 19.99 sein',
    ar: 'يجب أن يكون {name} مبلغًا بالدولار مثل 19.99',
  },
  'validation.minRatingRange': {
    en: 'minRating must be 1 to 5',
    es: 'minRating debe estar entre 1 y 5',
    de: 'minRating muss zwischen 1 und 5 liegen',
    ar: 'يجب أن تكون قيمة minRating من 1 إلى 5',
  },

  // Courses and slides
  'validation.titleRequired': {
    en: 'Title is required',
    es: 'El título es obligatorio',
    de: 'Der Titel ist erforderlich',
    ar: 'العنوان مطلوب',
  },
  'validation.objectPath': {
    en: 'Must be an object path from an upload',
    es: 'Debe ser la ruta de un archivo subido',
    de: 'Muss der Pfad einer hochgeladenen Datei sein',
    ar: 'يجب أن يكون مسار ملف مرفوع',
  },
  'validation.languageTag': {
    en: 'Must be a language tag such as en or pt-BR',
    es: 'Debe ser una etiqueta de idioma como en o pt-BR',
    de: 'Muss ein Sprachkürzel wie en oder pt-BR sein',
    ar: 'يجب أن يكون رمز لغة مثل en أو pt-BR',
  },
  'validation.captionsLanguageTag': {
    en: 'Use a language tag such as en or pt-BR',
    es: 'Usa una etiqueta de idioma como en o pt-BR',
    de: 'Verwende ein Sprachkürzel wie en oder pt-BR',
    ar: 'استخدم رمز لغة مثل en أو pt-BR',
  },
  'validation.captionsLabel': {
    en: 'Give the captions a label',
    es: 'Ponles un nombre a los subtítulos',
    de: 'Gib den Untertiteln eine Bezeichnung',
    ar: 'أدخل تسمية للترجمة المصاحبة',
  },
  'validation.captionsMax': {
    en: 'At most {max, plural, one {# caption language} other {# caption languages}}',
    es: 'Como máximo {max, plural, one {# idioma de subtítulos} other {# idiomas de subtítulos}}',
    de: 'Höchstens {max, plural, one {# Untertitelsprache} other {# Untertitelsprachen}}',
    ar: '{max, plural, zero {# لغة ترجمة} one {لغة ترجمة واحدة} two {لغتا ترجمة} few {# لغات ترجمة} many {# لغة ترجمة} other {# لغة ترجمة}} كحد أقصى',
  },
  'validation.captionsTaken': {
    en: 'Captions in {language} are already there',
    es: 'Ya hay subtítulos en {language}',
    de: 'Untertitel in {language} gibt es bereits',
    ar: 'توجد ترجمة بلغة {language} بالفعل',
  },
  'validation.slideHasNoField': {
    en: 'A {type} slide has no {field}',
    es: 'Una diapositiva de tipo {type} no tiene {field}',
    de: 'Eine Folie vom Typ {type} hat kein Feld {field}',
    ar: 'الشريحة من نوع {type} لا تحتوي على {field}',
  },

  // Quizzes and answers
  'validation.questionRequired': {
    en: 'Question is required',
    es: 'La pregunta es obligatoria',
    de: 'Die Frage ist erforderlich',
    ar: 'السؤال مطلوب',
  },
  'validation.optionARequired': {
    en: 'Option A is required',
    es: 'La opción A es obligatoria',
    de: 'Option A ist erforderlich',
    ar: 'الخيار A مطلوب',
  },
  'validation.optionBRequired': {
    en: 'Option B is required',
    es: 'La opción B es obligatoria',
    de: 'Option B ist erforderlich',
    ar: 'الخيار B مطلوب',
  },
  'validation.optionCBeforeD': {
    en: 'Fill option C before option D',
    es: 'Rellena la opción C antes que la D',
    de: 'Fülle Option C vor Option D aus',
    ar: 'املأ الخيار C قبل الخيار D',
  },
  'validation.correctFromFilled': {
    en: 'Please select a correct answer from the filled options.',
    es: 'Selecciona una respuesta correcta entre las opciones rellenadas.',
    de: 'Bitte wähle eine richtige Antwort aus den ausgefüllten Optionen.',
    ar: 'يُرجى اختيار إجابة صحيحة من الخيارات المعبّأة.',
  },
  'validation.choiceEmpty': {
    en: 'A choice cannot be empty',
    es: 'Una opción no puede estar vacía',
    de: 'Eine Auswahlmöglichkeit darf nicht leer sein',
    ar: 'لا يمكن أن يكون الخيار فارغًا',
  },
  'validation.choicesCount': {
    en: 'Give {min} to {max} choices',
    es: 'Indica entre {min} y {max} opciones',
    de: 'Gib {min} bis {max} Auswahlmöglichkeiten an',
    ar: 'أدخل من {min} إلى {max} خيارات',
  },
  'validation.choicesDistinct': {
    en: 'Each choice must be different',
    es: 'Cada opción debe ser distinta',
    de: 'Jede Auswahlmöglichkeit muss anders sein',
    ar: 'يجب أن يكون كل خيار مختلفًا',
  },
  'validation.markCorrectChoice': {
    en: 'Mark at least one correct choice',
    es: 'Marca al menos una opción correcta',
    de: 'Markiere mindestens eine richtige Auswahl',
    ar: 'حدّد خيارًا صحيحًا واحدًا على الأقل',
  },
  'validation.correctAmongChoices': {
    en: 'Mark correct choices among the choices given',
    es: 'Marca las opciones correctas entre las opciones dadas',
    de: 'Markiere richtige Antworten unter den angegebenen Auswahlmöglichkeiten',
    ar: 'حدّد الخيارات الصحيحة من بين الخيارات المعطاة',
  },
  'validation.correctOnce': {
    en: 'Mark each correct choice once',
    es: 'Marca cada opción correcta una sola vez',
    de: 'Markiere jede richtige Auswahl nur einmal',
    ar: 'حدّد كل خيار صحيح مرة واحدة',
  },
  'validation.acceptedAnswerEmpty': {
    en: 'An accepted answer cannot be empty',
    es: 'Una respuesta aceptada no puede estar vacía',
    de: 'Eine akzeptierte Antwort darf nicht leer sein',
    ar: 'لا يمكن أن تكون الإجابة المقبولة فارغة',
  },
  'validation.acceptedAnswersCount': {
    en: 'Give 1 to {max} accepted answers',
    es: 'Indica entre 1 y {max} respuestas aceptadas',
    de: 'Gib 1 bis {max} akzeptierte Antworten an',
    ar: 'أدخل من 1 إلى {max} إجابات مقبولة',
  },
  'validation.toleranceMin': {
    en: 'Tolerance must be 0 or more',
    es: 'La tolerancia debe ser 0 o más',
    de: 'Die Toleranz muss 0 oder mehr betragen',
    ar: 'يجب أن يكون هامش التفاوت 0 أو أكثر',
  },
  'validation.testsRequired': {
    en: 'Tests are required',
    es: 'Las pruebas son obligatorias',
    de: 'Tests sind erforderlich',
    ar: 'الاختبارات البرمجية مطلوبة',
  },
  'validation.codeMax': {
    en: 'Code must be at most {max} characters',
    es: 'El código puede tener como máximo {max} caracteres',
    de: 'Der Code darf höchstens {max} Zeichen lang sein',
    ar: 'يجب ألا يتجاوز الكود {max} حرف',
  },
  'validation.oneAnswerForm': {
    en: 'Send either selectedOption (a single-choice question) or answer',
    es: 'Envía selectedOption (pregunta de opción única) o answer, pero no ambos',
    de: 'Sende entweder selectedOption (eine Einfachauswahl-Frage) oder answer',
    ar: 'أرسل selectedOption (لسؤال الاختيار الواحد) أو answer وليس كليهما',
  },

  'validation.positionNegative': {
    en: 'A position cannot be negative',
    es: 'Una posición no puede ser negativa',
    de: 'Eine Position darf nicht negativ sein',
    ar: 'لا يمكن أن يكون الموضع سالبًا',
  },
  'validation.positionMax': {
    en: 'A position is at most {max} seconds',
    es: 'Una posición es como máximo de {max} segundos',
    de: 'Eine Position liegt bei höchstens {max} Sekunden',
    ar: 'لا يتجاوز الموضع {max} ثانية',
  },
  'validation.unlockAfterDaysMax': {
    en: 'unlockAfterDays is at most {max}',
    es: 'unlockAfterDays es como máximo {max}',
    de: 'unlockAfterDays ist höchstens {max}',
    ar: 'الحد الأقصى لـ unlockAfterDays هو {max}',
  },

  // Discussions and reviews
  'validation.writeSomething': {
    en: 'Write something first',
    es: 'Escribe algo primero',
    de: 'Schreib zuerst etwas',
    ar: 'اكتب شيئًا أولًا',
  },
  'validation.replyNeedsText': {
    en: 'A reply needs some text',
    es: 'Una respuesta necesita algo de texto',
    de: 'Eine Antwort braucht etwas Text',
    ar: 'يحتاج الرد إلى بعض النص',
  },
  'validation.ratingRange': {
    en: 'Rating must be 1 to 5 stars',
    es: 'La valoración debe ser de 1 a 5 estrellas',
    de: 'Die Bewertung muss 1 bis 5 Sterne haben',
    ar: 'يجب أن يكون التقييم من 1 إلى 5 نجوم',
  },
});
