import { fireEvent } from '@testing-library/react';

/** Types a time into an antd date picker as an operator does, and confirms it with Enter. */
export function typeTime(input: HTMLElement, text: string): void {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
