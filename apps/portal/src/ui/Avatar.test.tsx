import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Avatar } from './Avatar';

describe('Avatar', () => {
  it('shows the first two letters of the name without an image', () => {
    const { container } = render(<Avatar name="maria lopez" />);
    const letters = container.querySelector('.avatar-initials');
    expect(letters).toHaveAttribute('data-initials', 'MA');
    expect(letters).toHaveAttribute('aria-hidden', 'true');
    // Drawn by CSS: no text a control's visible label would include.
    expect(letters).toHaveTextContent('');
  });

  it('shows the image when there is one', () => {
    const { container } = render(<Avatar name="Maria" src="https://cdn.example/m.png" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/m.png');
    expect(container.querySelector('[data-initials]')).not.toBeInTheDocument();
  });

  it('shows "?" for a name without letters or digits (the rule: contracts initials())', () => {
    const { container } = render(<Avatar name=" . " />);
    expect(container.querySelector('.avatar-initials')).toHaveAttribute('data-initials', '?');
  });
});
