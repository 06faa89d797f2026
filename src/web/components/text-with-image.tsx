import type { ReactNode } from 'react';

/**
 * A text slide's text with the image it may carry (ADR 0024): side by side on a wide screen, the image
 * first on a phone, so the picture the text explains is seen before it. Without an image, the text alone.
 */
export function TextWithImage({ imageUrl, alt, children }: { imageUrl: string | null; alt: string; children: ReactNode }) {
  if (!imageUrl) return children;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div className="order-2 min-w-0 lg:order-1">{children}</div>
      <img
        src={imageUrl}
        alt={alt}
        data-slide-image=""
        className="order-1 mx-auto max-h-[28rem] w-auto max-w-full rounded-xl border object-contain lg:order-2"
      />
    </div>
  );
}
