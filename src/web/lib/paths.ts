/** Links to the app's pages; the routes they lead to are src/shared/page-modules.ts's. */
export const paths = {
  home: { getHref: () => '/' },
  login: { getHref: (tab?: 'signup') => (tab ? `/login?tab=${tab}` : '/login') },
  forgotPassword: { getHref: () => '/forgot-password' },
  resetPassword: { getHref: () => '/reset-password' },
  creatorPortal: { getHref: () => '/creator' },
  account: {
    getHref: (section?: 'profile' | 'security' | 'sessions') => (section ? `/account#${section}` : '/account'),
  },
  confirmEmail: { getHref: () => '/account/confirm-email' },
  myCourses: { getHref: () => '/my-courses' },
  purchases: { getHref: () => '/purchases' },
  /** The review deck: the learner's due cards, one at a time. */
  review: { getHref: () => '/review' },
  /** The admin console; `tab` one of its sections (features/admin ADMIN_TABS). */
  admin: { getHref: (tab?: string) => (tab ? `/admin?tab=${tab}` : '/admin') },
  cart: { getHref: () => '/cart' },
  /** The course search; its filters as the API's parameters (docs/product.md, Search; src/shared/course-search.ts). */
  search: {
    getHref: (params?: URLSearchParams) => (params && params.size > 0 ? `/courses?${params}` : '/courses'),
  },
  checkout: { getHref: (courseId: string) => `/checkout/${courseId}` },
  creator: {
    dashboard: { getHref: () => '/creator/dashboard' },
    createCourse: { getHref: () => '/creator/create-course' },
    editCourse: { getHref: (id: string) => `/creator/courses/${id}/edit` },
    courseAnalytics: {
      getHref: (id: string) => `/creator/courses/${id}/analytics`,
    },
    courseStudents: { getHref: (id: string) => `/creator/courses/${id}/students` },
    courseBuilder: { getHref: (id: string) => `/creator/courses/${id}/build` },
    moduleBuilder: { getHref: (id: string) => `/creator/modules/${id}/build` },
    quizBuilder: { getHref: (id: string) => `/creator/quizzes/${id}/build` },
    coupons: { getHref: () => '/creator/coupons' },
    earnings: { getHref: () => '/creator/earnings' },
    /** The inbox of questions asked in all the creator's courses. */
    questions: { getHref: () => '/creator/questions' },
  },
  instructor: { getHref: (id: string) => `/instructors/${id}` },
  certificate: { getHref: (id: string) => `/certificates/${id}` },
  course: {
    detail: { getHref: (id: string) => `/course/${id}` },
    learn: { getHref: (id: string) => `/course/${id}/learn` },
    /** One slide or quiz of the player: its own address, to bookmark, share and go back to. */
    learnItem: {
      getHref: (id: string, itemId: string) => `/course/${id}/learn/${itemId}`,
    },
    preview: { getHref: (id: string) => `/course/${id}/preview` },
  },
} as const;
