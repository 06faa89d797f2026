export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: (tab?: 'signup') => (tab ? `/login?tab=${tab}` : '/login') },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  creatorPortal: { path: '/creator', getHref: () => '/creator' },
  account: {
    path: '/account',
    getHref: (section?: 'profile' | 'security' | 'sessions') => (section ? `/account#${section}` : '/account'),
  },
  confirmEmail: { path: '/account/confirm-email', getHref: () => '/account/confirm-email' },
  myCourses: { path: '/my-courses', getHref: () => '/my-courses' },
  purchases: { path: '/purchases', getHref: () => '/purchases' },
  /** The admin console; `tab` one of its sections (features/admin ADMIN_TABS). */
  admin: { path: '/admin', getHref: (tab?: string) => (tab ? `/admin?tab=${tab}` : '/admin') },
  cart: { path: '/cart', getHref: () => '/cart' },
  /** The course search; its filters as the API's parameters (docs/product.md, Search; src/shared/course-search.ts). */
  search: {
    path: '/courses',
    getHref: (params?: URLSearchParams) => (params && params.size > 0 ? `/courses?${params}` : '/courses'),
  },
  checkout: { path: '/checkout/:courseId', getHref: (courseId: string) => `/checkout/${courseId}` },
  creator: {
    dashboard: { path: '/creator/dashboard', getHref: () => '/creator/dashboard' },
    createCourse: { path: '/creator/create-course', getHref: () => '/creator/create-course' },
    editCourse: { path: '/creator/courses/:id/edit', getHref: (id: string) => `/creator/courses/${id}/edit` },
    courseAnalytics: {
      path: '/creator/courses/:id/analytics',
      getHref: (id: string) => `/creator/courses/${id}/analytics`,
    },
    courseStudents: { path: '/creator/courses/:id/students', getHref: (id: string) => `/creator/courses/${id}/students` },
    courseBuilder: { path: '/creator/courses/:id/build', getHref: (id: string) => `/creator/courses/${id}/build` },
    moduleBuilder: { path: '/creator/modules/:id/build', getHref: (id: string) => `/creator/modules/${id}/build` },
    quizBuilder: { path: '/creator/quizzes/:id/build', getHref: (id: string) => `/creator/quizzes/${id}/build` },
    coupons: { path: '/creator/coupons', getHref: () => '/creator/coupons' },
    earnings: { path: '/creator/earnings', getHref: () => '/creator/earnings' },
  },
  instructor: { path: '/instructors/:id', getHref: (id: string) => `/instructors/${id}` },
  certificate: { path: '/certificates/:id', getHref: (id: string) => `/certificates/${id}` },
  course: {
    detail: { path: '/course/:id', getHref: (id: string) => `/course/${id}` },
    learn: { path: '/course/:id/learn', getHref: (id: string) => `/course/${id}/learn` },
    /** One slide or quiz of the player: its own address, to bookmark, share and go back to. */
    learnItem: {
      path: '/course/:id/learn/:itemId',
      getHref: (id: string, itemId: string) => `/course/${id}/learn/${itemId}`,
    },
    preview: { path: '/course/:id/preview', getHref: (id: string) => `/course/${id}/preview` },
  },
} as const;
