/**
 * The page's entry: the app drawn into #root, with a failure anywhere in it shown instead of an
 * empty window.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppFailure } from './app/AppFailure';
import { ErrorBoundary } from 'react-error-boundary';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary FallbackComponent={AppFailure}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
