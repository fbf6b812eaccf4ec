import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PageStack } from './PageStack';
import { usePageStack } from './page-stack-context';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`${name} ${count}`}</button>;
}

function Controls() {
  const stack = usePageStack();
  return (
    <div>
      <Counter name="home" />
      <button onClick={() => stack.push({ Label: 'Detail', Element: <Details /> })}>open</button>
    </div>
  );
}

function Details() {
  const stack = usePageStack();
  return (
    <div>
      <h2>Detail page</h2>
      <button onClick={() => stack.push({ Label: 'Deeper', Element: <h2>Deeper page</h2> })}>
        deeper
      </button>
      <button onClick={() => stack.replace({ Label: 'Other', Element: <h2>Other page</h2> })}>
        swap
      </button>
      <button onClick={() => stack.pop()}>back</button>
    </div>
  );
}

function setUp() {
  render(<PageStack home={{ Label: 'Users', Element: <Controls /> }} />);
  return userEvent.setup();
}

describe('page stack', () => {
  it('shows the home page alone, without a trail', () => {
    setUp();
    expect(screen.getByRole('button', { name: 'home 0' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Page trail' })).not.toBeInTheDocument();
  });

  it('pushes a page over the home page and pops back to it with its state kept', async () => {
    const user = setUp();
    await user.click(screen.getByRole('button', { name: 'home 0' }));
    await user.click(screen.getByRole('button', { name: 'open' }));

    expect(screen.getByRole('heading', { name: 'Detail page' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'home 1' })).not.toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Page trail' });
    expect(trail).toHaveTextContent('UsersDetail');
    expect(
      screen.getByRole('heading', { name: 'Detail page' }).parentElement?.parentElement,
    ).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByRole('button', { name: 'home 1' })).toBeVisible();
  });

  it('replaces the top page and goes back through the trail', async () => {
    const user = setUp();
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: 'deeper' }));
    expect(screen.getByRole('heading', { name: 'Deeper page' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Detail' }));
    await user.click(screen.getByRole('button', { name: 'swap' }));
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Page trail' })).toHaveTextContent('UsersOther');

    await user.click(screen.getByRole('button', { name: 'Users' }));
    expect(screen.getByRole('button', { name: 'home 0' })).toBeVisible();
  });
});
