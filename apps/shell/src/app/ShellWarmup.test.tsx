import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShellWarmup } from './ShellWarmup';

describe('the shell’s warm-up', () => {
  it('renders antd’s first-screen components out of sight, asking the server for nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const errors = vi.spyOn(console, 'error');
    const { container } = render(<ShellWarmup />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.hidden).toBe(true);
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.querySelector('.ant-tabs')).not.toBeNull();
    expect(box.querySelector('.ant-btn')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // The page's own body and palette are the shell's to set, not the warm-up's.
    expect(document.body.style.background).toBe('');
    vi.unstubAllGlobals();
    errors.mockRestore();
  });
});
