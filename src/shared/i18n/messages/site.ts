import { defineMessages } from '../define';

/** The page's frame before the app: its default title and description, and what a browser without JavaScript reads. */
export const siteMessages = defineMessages({
  'site.title': {
    en: 'Gradient Academy — AI & Machine Learning Courses',
    es: 'Gradient Academy — Cursos de IA y aprendizaje automático',
    de: 'Gradient Academy — Kurse zu KI und maschinellem Lernen',
    ar: 'Gradient Academy — دورات الذكاء الاصطناعي وتعلّم الآلة',
  },
  'site.description': {
    en: 'Master artificial intelligence with hands-on courses in machine learning, deep learning and generative AI — from first principles to production.',
    es: 'Domina la inteligencia artificial con cursos prácticos de aprendizaje automático, aprendizaje profundo e IA generativa, desde los fundamentos hasta la producción.',
    de: 'Meistere künstliche Intelligenz mit praxisnahen Kursen zu maschinellem Lernen, Deep Learning und generativer KI – von den Grundlagen bis zur Produktion.',
    ar: 'أتقن الذكاء الاصطناعي بدورات عملية في تعلّم الآلة والتعلّم العميق والذكاء الاصطناعي التوليدي، من المبادئ الأولى حتى الإنتاج.',
  },
  'site.noScript': {
    en: 'Gradient Academy needs JavaScript to run.',
    es: 'Gradient Academy necesita JavaScript para funcionar.',
    de: 'Gradient Academy benötigt JavaScript.',
    ar: 'يحتاج Gradient Academy إلى JavaScript ليعمل.',
  },
});
