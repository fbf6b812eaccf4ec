import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Avatar, initials } from './Avatar';

describe('Avatar', () => {
  it('shows the first two letters of the name without an image', () => {
    render(<Avatar name="maria lopez" />);
    expect(screen.getByText('MA')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the image when there is one', () => {
    const { container } = render(<Avatar name="Maria" src="https://cdn.example/m.png" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/m.png');
    expect(screen.queryByText('MA')).not.toBeInTheDocument();
  });

  it('takes letters and digits only', () => {
    expect(initials('  J. Smith')).toBe('JS');
    expect(initials('Émile')).toBe('ÉM');
    expect(initials('')).toBe('?');
  });
});
