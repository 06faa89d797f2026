import { defineMessages } from '../define';

/**
 * Every mail the server sends, in its recipient's saved language (src/server/lib/mail-layout.ts). The
 * HTML parts escape the whole message, so a message here is plain text, except `…Html` ones, which
 * are trusted markup whose values the caller escapes.
 */
export const mailMessages = defineMessages({
  'mail.greeting': { en: 'Hi {name},', es: 'Hola, {name}:', de: 'Hallo {name},', ar: 'مرحبًا {name}،' },
  'mail.hello': { en: 'Hello {name},', es: 'Hola, {name}:', de: 'Hallo {name},', ar: 'أهلًا {name}،' },
  'mail.helloAnyone': { en: 'Hello,', es: 'Hola:', de: 'Hallo,', ar: 'مرحبًا،' },
  'mail.buttonFallback': {
    en: 'If the button does not work, paste this address into your browser:',
    es: 'Si el botón no funciona, pega esta dirección en tu navegador:',
    de: 'Falls die Schaltfläche nicht funktioniert, füge diese Adresse in deinen Browser ein:',
    ar: 'إذا لم يعمل الزر، فالصق هذا العنوان في متصفحك:',
  },
  'mail.quoted': { en: '“{text}”', es: '«{text}»', de: '„{text}“', ar: '«{text}»' },

  'mail.resetSubject': {
    en: 'Reset your Gradient Academy password',
    es: 'Restablece tu contraseña de Gradient Academy',
    de: 'Setze dein Gradient Academy-Passwort zurück',
    ar: 'أعد تعيين كلمة مرور حسابك في Gradient Academy',
  },
  'mail.resetLink': {
    en: 'Someone asked to reset the password of your Gradient Academy account. Open this link to choose a new password:',
    es: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Gradient Academy. Abre este enlace para elegir una contraseña nueva:',
    de: 'Jemand hat angefordert, das Passwort deines Gradient Academy-Kontos zurückzusetzen. Öffne diesen Link, um ein neues Passwort zu wählen:',
    ar: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Gradient Academy. افتح هذا الرابط لاختيار كلمة مرور جديدة:',
  },
  'mail.resetButtonIntro': {
    en: 'Someone asked to reset the password of your Gradient Academy account. Use the button below to choose a new password.',
    es: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Gradient Academy. Usa el botón de abajo para elegir una contraseña nueva.',
    de: 'Jemand hat angefordert, das Passwort deines Gradient Academy-Kontos zurückzusetzen. Wähle über die Schaltfläche unten ein neues Passwort.',
    ar: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Gradient Academy. استخدم الزر أدناه لاختيار كلمة مرور جديدة.',
  },
  'mail.resetButton': {
    en: 'Reset password',
    es: 'Restablecer contraseña',
    de: 'Passwort zurücksetzen',
    ar: 'إعادة تعيين كلمة المرور',
  },
  'mail.resetExpiry': {
    en: 'The link expires in 1 hour and works once. If you did not ask for this, ignore this email; your password stays the same.',
    es: 'El enlace caduca en 1 hora y solo funciona una vez. Si no lo has pedido tú, ignora este correo; tu contraseña no cambia.',
    de: 'Der Link läuft nach 1 Stunde ab und funktioniert nur einmal. Wenn du das nicht angefordert hast, ignoriere diese E-Mail; dein Passwort bleibt unverändert.',
    ar: 'تنتهي صلاحية الرابط خلال ساعة واحدة ويعمل مرة واحدة فقط. إذا لم تطلب ذلك، فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.',
  },

  'mail.confirmEmailSubject': {
    en: 'Confirm your new Gradient Academy email address',
    es: 'Confirma tu nueva dirección de correo de Gradient Academy',
    de: 'Bestätige deine neue E-Mail-Adresse bei Gradient Academy',
    ar: 'أكّد عنوان بريدك الإلكتروني الجديد في Gradient Academy',
  },
  'mail.confirmEmailLink': {
    en: 'Open this link to make {email} the email address of your Gradient Academy account:',
    es: 'Abre este enlace para que {email} sea la dirección de correo de tu cuenta de Gradient Academy:',
    de: 'Öffne diesen Link, um {email} zur E-Mail-Adresse deines Gradient Academy-Kontos zu machen:',
    ar: 'افتح هذا الرابط لجعل {email} عنوان البريد الإلكتروني لحسابك في Gradient Academy:',
  },
  'mail.confirmEmailButtonIntro': {
    en: 'Use the button below to make {email} the email address of your Gradient Academy account.',
    es: 'Usa el botón de abajo para que {email} sea la dirección de correo de tu cuenta de Gradient Academy.',
    de: 'Mache {email} über die Schaltfläche unten zur E-Mail-Adresse deines Gradient Academy-Kontos.',
    ar: 'استخدم الزر أدناه لجعل {email} عنوان البريد الإلكتروني لحسابك في Gradient Academy.',
  },
  'mail.confirmEmailButton': {
    en: 'Confirm email address',
    es: 'Confirmar dirección de correo',
    de: 'E-Mail-Adresse bestätigen',
    ar: 'تأكيد عنوان البريد الإلكتروني',
  },
  'mail.confirmEmailExpiry': {
    en: 'The link expires in {hours, plural, one {# hour} other {# hours}} and works once. If you did not ask for this, ignore this email; nothing changes.',
    es: 'El enlace caduca en {hours, plural, one {# hora} other {# horas}} y solo funciona una vez. Si no lo has pedido tú, ignora este correo; no cambia nada.',
    de: 'Der Link läuft nach {hours, plural, one {# Stunde} other {# Stunden}} ab und funktioniert nur einmal. Wenn du das nicht angefordert hast, ignoriere diese E-Mail; es ändert sich nichts.',
    ar: 'تنتهي صلاحية الرابط خلال {hours, plural, zero {# ساعة} one {ساعة واحدة} two {ساعتين} few {# ساعات} many {# ساعة} other {# ساعة}} ويعمل مرة واحدة فقط. إذا لم تطلب ذلك، فتجاهل هذه الرسالة؛ لن يتغير شيء.',
  },

  'mail.emailChangedSubject': {
    en: 'Your Gradient Academy email address was changed',
    es: 'Se ha cambiado tu dirección de correo de Gradient Academy',
    de: 'Deine E-Mail-Adresse bei Gradient Academy wurde geändert',
    ar: 'تم تغيير عنوان بريدك الإلكتروني في Gradient Academy',
  },
  'mail.emailChangedBody': {
    en: 'The email address of your Gradient Academy account was changed to {email}. Sign-ins and mail now use that address.',
    es: 'La dirección de correo de tu cuenta de Gradient Academy se ha cambiado a {email}. Los inicios de sesión y los correos usan ahora esa dirección.',
    de: 'Die E-Mail-Adresse deines Gradient Academy-Kontos wurde in {email} geändert. Anmeldungen und E-Mails nutzen jetzt diese Adresse.',
    ar: 'تم تغيير عنوان البريد الإلكتروني لحسابك في Gradient Academy إلى {email}. يُستخدم هذا العنوان الآن لتسجيل الدخول والرسائل.',
  },
  'mail.emailChangedNotYou': {
    en: 'If you did not do this, reply to this email at once so we can help you get the account back.',
    es: 'Si no has sido tú, responde a este correo cuanto antes para que podamos ayudarte a recuperar la cuenta.',
    de: 'Wenn du das nicht warst, antworte sofort auf diese E-Mail, damit wir dir helfen können, das Konto zurückzubekommen.',
    ar: 'إذا لم تقم بذلك، فرُدّ على هذه الرسالة فورًا حتى نتمكن من مساعدتك في استعادة الحساب.',
  },

  'mail.payoutSubject': {
    en: 'Your Gradient Academy payout details were changed',
    es: 'Se han cambiado tus datos de cobro en Gradient Academy',
    de: 'Deine Auszahlungsdaten bei Gradient Academy wurden geändert',
    ar: 'تم تغيير بيانات الدفع الخاصة بك في Gradient Academy',
  },
  'mail.payoutChanged': {
    en: 'Where you are paid by bank transfer was changed on {date} (UTC). An admin pays your next payout to the details shown on your Earnings page:',
    es: 'La cuenta en la que recibes tus pagos por transferencia bancaria se cambió el {date} (UTC). Un administrador hará tu próximo pago a los datos que aparecen en tu página de Ingresos:',
    de: 'Wohin du per Banküberweisung bezahlt wirst, wurde am {date} (UTC) geändert. Ein Admin überweist deine nächste Auszahlung an die Daten auf deiner Seite „Einnahmen“:',
    ar: 'تم تغيير الجهة التي تتلقى فيها مدفوعاتك بالتحويل المصرفي في {date} (UTC). سيدفع أحد المسؤولين دفعتك التالية إلى البيانات الظاهرة في صفحة أرباحك:',
  },
  'mail.payoutRemoved': {
    en: 'Where you are paid by bank transfer was removed from your account on {date} (UTC). An admin pays your next payout to the details shown on your Earnings page:',
    es: 'La cuenta en la que recibes tus pagos por transferencia bancaria se eliminó de tu cuenta el {date} (UTC). Un administrador hará tu próximo pago a los datos que aparecen en tu página de Ingresos:',
    de: 'Wohin du per Banküberweisung bezahlt wirst, wurde am {date} (UTC) aus deinem Konto entfernt. Ein Admin überweist deine nächste Auszahlung an die Daten auf deiner Seite „Einnahmen“:',
    ar: 'تمت إزالة الجهة التي تتلقى فيها مدفوعاتك بالتحويل المصرفي من حسابك في {date} (UTC). سيدفع أحد المسؤولين دفعتك التالية إلى البيانات الظاهرة في صفحة أرباحك:',
  },
  'mail.payoutNotYou': {
    en: 'If you did not do this, change your password at once (that signs out every other session), put your details back, and reply to this email.',
    es: 'Si no has sido tú, cambia tu contraseña cuanto antes (así se cierran todas las demás sesiones), vuelve a poner tus datos y responde a este correo.',
    de: 'Wenn du das nicht warst, ändere sofort dein Passwort (damit werden alle anderen Sitzungen abgemeldet), trage deine Daten wieder ein und antworte auf diese E-Mail.',
    ar: 'إذا لم تقم بذلك، فغيّر كلمة مرورك فورًا (يؤدي ذلك إلى تسجيل الخروج من جميع الجلسات الأخرى)، وأعد بياناتك، ثم رُدّ على هذه الرسالة.',
  },

  'mail.answeredSubject': {
    en: 'Your question on “{lesson}” was answered',
    es: 'Han respondido a tu pregunta sobre «{lesson}»',
    de: 'Deine Frage zu „{lesson}“ wurde beantwortet',
    ar: 'تمت الإجابة عن سؤالك حول «{lesson}»',
  },
  'mail.answeredIntro': {
    en: 'The instructor answered your question on “{lesson}” in {course}:',
    es: 'El instructor ha respondido a tu pregunta sobre «{lesson}» en {course}:',
    de: 'Die Lehrkraft hat deine Frage zu „{lesson}“ in {course} beantwortet:',
    ar: 'أجاب المدرّس عن سؤالك حول «{lesson}» في {course}:',
  },
  'mail.answeredRead': {
    en: 'Read the answer under the slide:',
    es: 'Lee la respuesta debajo de la diapositiva:',
    de: 'Lies die Antwort unter der Folie:',
    ar: 'اقرأ الإجابة أسفل الشريحة:',
  },
  'mail.answeredButton': { en: 'Read the answer', es: 'Leer la respuesta', de: 'Antwort lesen', ar: 'اقرأ الإجابة' },
  'mail.answeredFooter': {
    en: 'You get this mail once per question, when it is first answered.',
    es: 'Recibes este correo una vez por pregunta, cuando se responde por primera vez.',
    de: 'Du bekommst diese E-Mail einmal pro Frage, wenn sie zum ersten Mal beantwortet wird.',
    ar: 'تصلك هذه الرسالة مرة واحدة لكل سؤال، عند الإجابة عنه أول مرة.',
  },

  'mail.digestSubject': {
    en: '{count, plural, one {Students asked # new question in your courses} other {Students asked # new questions in your courses}}',
    es: '{count, plural, one {Tus estudiantes hicieron # pregunta nueva en tus cursos} other {Tus estudiantes hicieron # preguntas nuevas en tus cursos}}',
    de: '{count, plural, one {Lernende haben # neue Frage in deinen Kursen gestellt} other {Lernende haben # neue Fragen in deinen Kursen gestellt}}',
    ar: '{count, plural, zero {لم يطرح الطلاب أي سؤال جديد في دوراتك} one {طرح الطلاب سؤالًا جديدًا واحدًا في دوراتك} two {طرح الطلاب سؤالين جديدين في دوراتك} few {طرح الطلاب # أسئلة جديدة في دوراتك} many {طرح الطلاب # سؤالًا جديدًا في دوراتك} other {طرح الطلاب # سؤال جديد في دوراتك}}',
  },
  'mail.digestIntro': {
    en: '{count, plural, one {Students asked # new question in your courses yesterday:} other {Students asked # new questions in your courses yesterday:}}',
    es: '{count, plural, one {Ayer tus estudiantes hicieron # pregunta nueva en tus cursos:} other {Ayer tus estudiantes hicieron # preguntas nuevas en tus cursos:}}',
    de: '{count, plural, one {Gestern haben Lernende # neue Frage in deinen Kursen gestellt:} other {Gestern haben Lernende # neue Fragen in deinen Kursen gestellt:}}',
    ar: '{count, plural, zero {لم يطرح الطلاب أمس أي سؤال جديد في دوراتك:} one {طرح الطلاب أمس سؤالًا جديدًا واحدًا في دوراتك:} two {طرح الطلاب أمس سؤالين جديدين في دوراتك:} few {طرح الطلاب أمس # أسئلة جديدة في دوراتك:} many {طرح الطلاب أمس # سؤالًا جديدًا في دوراتك:} other {طرح الطلاب أمس # سؤال جديد في دوراتك:}}',
  },
  'mail.digestLine': {
    en: '{course}, “{lesson}”: “{excerpt}”',
    es: '{course}, «{lesson}»: «{excerpt}»',
    de: '{course}, „{lesson}“: „{excerpt}“',
    ar: '{course}، «{lesson}»: «{excerpt}»',
  },
  'mail.digestMore': {
    en: 'And {count} more in your inbox.',
    es: 'Y {count} más en tu bandeja de entrada.',
    de: 'Und {count} weitere in deinem Posteingang.',
    ar: '{count, plural, zero {ولا شيء آخر في صندوق الوارد.} one {وسؤال آخر في صندوق الوارد.} two {وسؤالان آخران في صندوق الوارد.} few {و# أسئلة أخرى في صندوق الوارد.} many {و# سؤالًا آخر في صندوق الوارد.} other {و# سؤال آخر في صندوق الوارد.}}',
  },
  'mail.digestAnswer': {
    en: 'Answer them from your inbox:',
    es: 'Respóndelas desde tu bandeja de entrada:',
    de: 'Beantworte sie in deinem Posteingang:',
    ar: 'أجب عنها من صندوق الوارد:',
  },
  'mail.digestButton': {
    en: 'Open your inbox',
    es: 'Abrir tu bandeja de entrada',
    de: 'Posteingang öffnen',
    ar: 'افتح صندوق الوارد',
  },
  'mail.digestFooter': {
    en: 'You get this digest on days after students ask something in your courses.',
    es: 'Recibes este resumen los días posteriores a que tus estudiantes pregunten algo en tus cursos.',
    de: 'Du bekommst diese Zusammenfassung an Tagen, nachdem Lernende in deinen Kursen etwas gefragt haben.',
    ar: 'يصلك هذا الملخص في الأيام التي تلي طرح الطلاب أسئلة في دوراتك.',
  },

  'mail.unlockedSubject': {
    en: '{part} is open in {course}',
    es: '{part} ya está disponible en {course}',
    de: '{part} ist in {course} freigeschaltet',
    ar: 'أصبح {part} متاحًا في {course}',
  },
  'mail.unlockedText': {
    en: '{part} is now open in {course}. Pick up where you left off:',
    es: '{part} ya está disponible en {course}. Sigue donde lo dejaste:',
    de: '{part} ist jetzt in {course} freigeschaltet. Mach dort weiter, wo du aufgehört hast:',
    ar: 'أصبح {part} متاحًا الآن في {course}. تابع من حيث توقفت:',
  },
  'mail.unlockedHtml': {
    en: '<strong>{part}</strong> is now open in {course}.',
    es: '<strong>{part}</strong> ya está disponible en {course}.',
    de: '<strong>{part}</strong> ist jetzt in {course} freigeschaltet.',
    ar: 'أصبح <strong>{part}</strong> متاحًا الآن في {course}.',
  },
  'mail.unlockedButton': { en: 'Open it', es: 'Abrir', de: 'Öffnen', ar: 'افتحه' },
  'mail.unlockedFooter': {
    en: 'You get this once for each part of a course that opens on a schedule. Gradient Academy',
    es: 'Recibes este aviso una vez por cada parte de un curso que se abre según un calendario. Gradient Academy',
    de: 'Du bekommst diese Nachricht einmal für jeden Teil eines Kurses, der nach Zeitplan freigeschaltet wird. Gradient Academy',
    ar: 'يصلك هذا الإشعار مرة واحدة لكل جزء من دورة يُفتح وفق جدول زمني. Gradient Academy',
  },

  'mail.receiptSubject': {
    en: 'Your receipt: {course}',
    es: 'Tu recibo: {course}',
    de: 'Deine Quittung: {course}',
    ar: 'إيصالك: {course}',
  },
  'mail.refundSubject': {
    en: 'Refund: {course}',
    es: 'Reembolso: {course}',
    de: 'Erstattung: {course}',
    ar: 'استرداد: {course}',
  },
  'mail.receiptThanks': {
    en: 'Thank you for buying "{course}" on {date}.',
    es: 'Gracias por comprar «{course}» el {date}.',
    de: 'Danke, dass du „{course}“ am {date} gekauft hast.',
    ar: 'شكرًا لشرائك «{course}» في {date}.',
  },
  'mail.receiptPrice': { en: 'Price: {amount}', es: 'Precio: {amount}', de: 'Preis: {amount}', ar: 'السعر: {amount}' },
  'mail.receiptDiscount': {
    en: 'Discount: {amount}',
    es: 'Descuento: {amount}',
    de: 'Rabatt: {amount}',
    ar: 'الخصم: {amount}',
  },
  'mail.receiptDiscountCode': {
    en: 'Discount ({code}): {amount}',
    es: 'Descuento ({code}): {amount}',
    de: 'Rabatt ({code}): {amount}',
    ar: 'الخصم ({code}): {amount}',
  },
  'mail.receiptPaid': { en: 'Paid: {amount}', es: 'Pagado: {amount}', de: 'Bezahlt: {amount}', ar: 'المدفوع: {amount}' },
  'mail.receiptNumber': {
    en: 'Receipt number: {id}',
    es: 'Número de recibo: {id}',
    de: 'Quittungsnummer: {id}',
    ar: 'رقم الإيصال: {id}',
  },
  'mail.receiptLinks': {
    en: 'Your receipts, and refunds within 30 days: {url}',
    es: 'Tus recibos, y reembolsos en un plazo de 30 días: {url}',
    de: 'Deine Quittungen und Erstattungen innerhalb von 30 Tagen: {url}',
    ar: 'إيصالاتك، والاسترداد خلال 30 يومًا: {url}',
  },
  'mail.refundDone': {
    en: 'Your payment of {amount} for "{course}" has been refunded to your card.',
    es: 'Tu pago de {amount} por «{course}» se ha reembolsado en tu tarjeta.',
    de: 'Deine Zahlung von {amount} für „{course}“ wurde auf deine Karte erstattet.',
    ar: 'تم رد دفعتك البالغة {amount} مقابل «{course}» إلى بطاقتك.',
  },
  'mail.refundBanks': {
    en: 'Banks usually show it within 5 to 10 days.',
    es: 'Los bancos suelen reflejarlo en un plazo de 5 a 10 días.',
    de: 'Banken zeigen sie meist innerhalb von 5 bis 10 Tagen an.',
    ar: 'عادةً ما تظهر لدى البنوك خلال 5 إلى 10 أيام.',
  },
  'mail.refundLinks': {
    en: 'Your receipts: {url}',
    es: 'Tus recibos: {url}',
    de: 'Deine Quittungen: {url}',
    ar: 'إيصالاتك: {url}',
  },

  'mail.inviteSubject': {
    en: 'Your invitation to teach on Gradient Academy',
    es: 'Tu invitación para enseñar en Gradient Academy',
    de: 'Deine Einladung, auf Gradient Academy zu unterrichten',
    ar: 'دعوتك للتدريس على Gradient Academy',
  },
  'mail.inviteLink': {
    en: 'You are invited to teach on Gradient Academy. Create your creator account here:',
    es: 'Te invitamos a enseñar en Gradient Academy. Crea aquí tu cuenta de creador:',
    de: 'Du bist eingeladen, auf Gradient Academy zu unterrichten. Erstelle hier dein Creator-Konto:',
    ar: 'أنت مدعو للتدريس على Gradient Academy. أنشئ حساب المنشئ الخاص بك من هنا:',
  },
  'mail.inviteButtonIntro': {
    en: 'You are invited to teach on Gradient Academy. Create your creator account with the button below.',
    es: 'Te invitamos a enseñar en Gradient Academy. Crea tu cuenta de creador con el botón de abajo.',
    de: 'Du bist eingeladen, auf Gradient Academy zu unterrichten. Erstelle dein Creator-Konto über die Schaltfläche unten.',
    ar: 'أنت مدعو للتدريس على Gradient Academy. أنشئ حساب المنشئ الخاص بك باستخدام الزر أدناه.',
  },
  'mail.inviteCode': {
    en: 'Your invitation code (already filled in by the link): {code}',
    es: 'Tu código de invitación (el enlace ya lo rellena): {code}',
    de: 'Dein Einladungscode (der Link trägt ihn schon ein): {code}',
    ar: 'رمز دعوتك (يملؤه الرابط تلقائيًا): {code}',
  },
  'mail.inviteCodeHtml': {
    en: 'Your invitation code (already filled in by the link): <code>{code}</code>',
    es: 'Tu código de invitación (el enlace ya lo rellena): <code>{code}</code>',
    de: 'Dein Einladungscode (der Link trägt ihn schon ein): <code>{code}</code>',
    ar: 'رمز دعوتك (يملؤه الرابط تلقائيًا): <code>{code}</code>',
  },
  'mail.inviteOnce': {
    en: 'It works once, for {email} only.',
    es: 'Funciona una sola vez y solo para {email}.',
    de: 'Er funktioniert einmal und nur für {email}.',
    ar: 'يعمل مرة واحدة فقط، ولـ {email} وحده.',
  },
  'mail.inviteButton': {
    en: 'Create creator account',
    es: 'Crear cuenta de creador',
    de: 'Creator-Konto erstellen',
    ar: 'إنشاء حساب منشئ',
  },
  'mail.inviteFooter': {
    en: 'If you were not expecting this invitation, you can ignore this email.',
    es: 'Si no esperabas esta invitación, puedes ignorar este correo.',
    de: 'Wenn du diese Einladung nicht erwartet hast, kannst du diese E-Mail ignorieren.',
    ar: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
  },
});
