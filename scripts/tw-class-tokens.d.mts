/** Every word in the web app's source that may be a Tailwind class. */
export function readClassTokens(root?: string): string[];
