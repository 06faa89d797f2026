import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Coupon, CouponList } from '#shared/schemas/coupons';
import type { CreatorCourse } from '#shared/schemas/creator';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { CouponsPage } from './coupons-page';

function creatorCourse(overrides: Partial<CreatorCourse>): CreatorCourse {
  return {
    id: 'course-1',
    title: 'Diffusion Models',
    description: '<p>x</p>',
    price: '40.00',
    thumbnail: null,
    difficulty: 'Beginner',
    duration: null,
    language: 'en',
    published: true,
    archived: false,
    creatorId: 'creator-1',
    instructor: { id: 'creator-1', name: 'Ada Lovelace' },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    studentCount: 0,
    rating: null,
    ratingCount: 0,
    moderation: null,
    revenue: '0.00',
    ...overrides,
  };
}

function coupon(overrides: Partial<Coupon>): Coupon {
  return {
    id: 'coupon-1',
    code: 'LAUNCH25',
    courseId: 'course-1',
    courseTitle: 'Diffusion Models',
    percentOff: 25,
    amountOff: null,
    expiresAt: null,
    maxRedemptions: null,
    redemptions: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const page = (items: Coupon[], nextCursor: string | null = null): CouponList => ({ items, nextCursor });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/creator/coupons', element: <CouponsPage /> }], {
    initialEntries: ['/creator/coupons'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

function sentBody(): Record<string, unknown> {
  const post = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(post?.[1]?.body));
}

const user = userEvent.setup();

afterEach(() => dismissToast());

describe('the coupons page', () => {
  it('offers only paid courses that can still be bought, and says so when there are none', async () => {
    stubFetch({
      'GET /api/creator/courses': {
        body: [
          creatorCourse({ id: 'free', title: 'Free Taster', price: '0.00' }),
          creatorCourse({ id: 'old', title: 'Archived Course', archived: true }),
        ],
      },
      'GET /api/creator/coupons': { body: page([]) },
    });
    renderPage();
    expect(await screen.findByText(/You have no paid courses yet/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument();
    expect(screen.getByText('No coupons yet')).toBeInTheDocument();
  });

  it('sends an amount off with the end of the chosen day in UTC, and refuses a day that is over', async () => {
    stubFetch({
      'GET /api/creator/courses': {
        body: [
          creatorCourse({ id: 'a', title: 'Course A' }),
          creatorCourse({ id: 'b', title: 'Course B', price: '19.99', published: false }),
        ],
      },
      'GET /api/creator/coupons': { body: page([]) },
      'POST /api/creator/coupons': { status: 201, body: coupon({ code: 'SPRING', amountOff: '5.00', percentOff: null }) },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'New coupon' });
    await user.selectOptions(within(form).getByLabelText('Course'), 'Course B ($19.99, draft)');
    await user.type(within(form).getByLabelText('Code'), ' spring ');
    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    await user.type(within(form).getByLabelText('Amount off (USD)'), '5');
    await user.type(within(form).getByLabelText('Expiry date (optional)'), '2020-01-31');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('This day is over: pick a later one')).toBeInTheDocument();
    expect(within(form).getByLabelText('Expiry date (optional)')).toHaveFocus();

    await user.clear(within(form).getByLabelText('Expiry date (optional)'));
    await user.type(within(form).getByLabelText('Expiry date (optional)'), '2099-01-31');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Coupon created')).toBeInTheDocument();
    expect(sentBody()).toEqual({ code: 'SPRING', courseId: 'b', amountOff: '5', expiresAt: '2099-01-31T23:59:59.999Z' });
  });

  it('lists uses, discounts and expiry, and shows more codes from the next page', async () => {
    const { urls } = stubFetch({
      'GET /api/creator/courses': { body: [creatorCourse({})] },
      'GET /api/creator/coupons': (url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { body: page([coupon({ id: 'c3', code: 'OLDEST', expiresAt: '2020-01-31T23:59:59.999Z' })]) }
          : {
              body: page(
                [
                  coupon({ id: 'c1', code: 'TEN-OFF', percentOff: 10, maxRedemptions: 10, redemptions: 3 }),
                  coupon({ id: 'c2', code: 'FIVE', percentOff: null, amountOff: '5.00', redemptions: 3 }),
                ],
                'page-2',
              ),
            },
    });
    renderPage();
    const ten = (await screen.findByRole('rowheader', { name: /TEN-OFF/ })).closest('tr') as HTMLElement;
    expect(ten).toHaveTextContent('10 % off');
    expect(ten).toHaveTextContent('3 / 10');
    expect(ten).toHaveTextContent('No expiry');
    const five = screen.getByRole('rowheader', { name: /FIVE/ }).closest('tr') as HTMLElement;
    expect(five).toHaveTextContent('$5.00 off');
    expect(five).toHaveTextContent('3 used');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const oldest = (await screen.findByRole('rowheader', { name: /OLDEST/ })).closest('tr') as HTMLElement;
    expect(oldest).toHaveTextContent('Expired');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(urls).toContain('/api/creator/coupons?limit=20&cursor=page-2');
  });
});
