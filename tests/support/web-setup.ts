import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadToastCard } from '../../src/web/components/ui/toast';

afterEach(() => cleanup());

// Screens load their content as lazy chunks, and a chunk's first import in a test run is transformed on the
// spot: over findBy's default second on a slow or busy machine, and past 5 s while CI runs the API suites beside
// these. findBy and waitFor wait for the state, so a long bound costs nothing when it comes; a screen that never
// shows still fails, within the 20 s test timeout.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no <dialog> modal support; give it the minimal behaviour the Dialog component relies on.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom does not implement scrolling; the router's scroll restoration calls it on navigation.
window.scrollTo = () => {};

// The toast's card loads with the first toast in the browser; tests load it up front so a toast shows at once.
await loadToastCard();
