import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app';
import './index.css';

// zod probes for `new Function` unless told not to, and under the app's CSP (no 'unsafe-eval') every
// such probe is a violation report, though nothing runs: the browser validates without compiling.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
