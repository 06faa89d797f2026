/*
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js) for browser tests without internet:
 * just what @stripe/stripe-js and @stripe/react-stripe-js call. Its Payment Element is a plain card
 * number input in the page, and confirmPayment posts it to https://api.stripe.com, as Stripe.js does,
 * so the page's CSP is exercised and the spec, which routes that address, decides the outcome.
 *
 * `fakeStripeJs` runs in the browser: serve `(${fakeStripeJs})();` as the script's body. It may use
 * nothing from this file's scope.
 */

export function fakeStripeJs() {
  type Listener = (event: unknown) => void;
  type Options = { clientSecret?: string; appearance?: { theme?: string } };

  /** The theme Elements was last given, where a spec can read it. */
  const showTheme = (options: Options) => {
    if (options.appearance?.theme) document.documentElement.dataset.fakeStripeTheme = options.appearance.theme;
  };

  function createPaymentElement() {
    const listeners = new Map<string, Set<Listener>>();
    const label = document.createElement('label');
    const input = document.createElement('input');
    let isReady = false;
    label.textContent = 'Card number';
    label.style.display = 'grid';
    input.autocomplete = 'cc-number';
    input.inputMode = 'numeric';
    label.append(input);
    const emit = (event: string, payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    };
    const element = {
      mount(target: HTMLElement | string) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        node?.append(label);
        // Stripe's iframe reports ready a moment after mounting, never during mount().
        setTimeout(() => {
          isReady = true;
          emit('ready', { elementType: 'payment' });
        }, 50);
      },
      on(event: string, listener: Listener) {
        // Stripe.js tells a late 'ready' listener at once.
        if (event === 'ready' && isReady) setTimeout(() => listener({ elementType: 'payment' }), 0);
        else listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
        return element;
      },
      off(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
        return element;
      },
      update() {},
      focus: () => input.focus(),
      blur: () => input.blur(),
      clear: () => {
        input.value = '';
      },
      unmount: () => label.remove(),
      destroy: () => label.remove(),
      cardNumber: () => input.value.replace(/\s/g, ''),
    };
    return element;
  }

  function createElements(options: Options) {
    const created = new Map<string, ReturnType<typeof createPaymentElement>>();
    showTheme(options);
    return {
      options,
      create(type: string) {
        if (type !== 'payment') throw new Error(`The fake Stripe.js has no ${type} element`);
        const element = createPaymentElement();
        created.set(type, element);
        return element;
      },
      getElement: (type: string) => created.get(type) ?? null,
      update(changes: Options) {
        Object.assign(options, changes);
        showTheme(changes);
      },
      submit: async () => ({}),
      fetchUpdates: async () => ({}),
    };
  }

  function createStripe(publishableKey: string) {
    const unsupported = async () => {
      throw new Error('Not supported by the fake Stripe.js');
    };
    return {
      elements: createElements,
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      retrievePaymentIntent: unsupported,
      registerAppInfo() {},
      _registerWrapper() {},
      async confirmPayment({
        elements,
        confirmParams,
      }: {
        elements: ReturnType<typeof createElements>;
        confirmParams: { return_url: string };
      }) {
        const clientSecret = elements.options.clientSecret ?? '';
        const intentId = clientSecret.split('_secret_')[0];
        const body = new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          return_url: confirmParams.return_url,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': elements.getElement('payment')?.cardNumber() ?? '',
        });
        const response = await fetch(`https://api.stripe.com/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body });
        const answer = await response.json();
        if (answer.error) return { error: answer.error };
        const redirect = answer.next_action?.redirect_to_url?.url;
        if (redirect) {
          // The bank's page, then back to return_url: this page is gone, so the promise never settles.
          window.location.assign(redirect);
          return new Promise(() => {});
        }
        return { paymentIntent: answer };
      },
    };
  }
  // @stripe/stripe-js warns when the script's release is not the one it was built for.
  const Stripe = Object.assign(createStripe, { version: 'endive' });
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}
