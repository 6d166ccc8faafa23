import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AutosaveStatus } from './AutosaveStatus';

afterEach(cleanup);

const noop = () => {};

describe('AutosaveStatus', () => {
  it('offline: one calm line, no error and no Retry', () => {
    render(<AutosaveStatus status={{ kind: 'offline' }} onRetry={noop} />);
    expect(screen.getByTestId('autosave-status').textContent).toBe(
      'Offline: your draft is kept on this device and will save when you’re back.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a save that failed online: the reason and Retry', () => {
    render(
      <AutosaveStatus
        status={{ kind: 'error', message: 'Not saved: the server could not be reached.' }}
        onRetry={noop}
      />,
    );
    expect(screen.getByTestId('autosave-status').textContent).toMatch(/^Not saved: .*Retry$/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
