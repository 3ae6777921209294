import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockReducedMotion } from '../testing/browser-fakes';
import { Carousel } from './carousel';

const people = [
  'Priya S****',
  'Rahul K****',
  'Anita M****',
  'Vikram R****',
  'Sneha P****',
  'Karan D****',
];

function renderCarousel(props: { loop?: boolean } = {}) {
  return render(
    <Carousel
      label="Resume creators"
      items={people}
      getKey={(name) => name}
      renderItem={(name) => <a href={`#${name}`}>{name}</a>}
      itemsPerSlide={3}
      interval={5500}
      {...props}
    />,
  );
}

const currentDot = () =>
  screen
    .getAllByRole('button', { name: /^Slide / })
    .find((dot) => dot.getAttribute('aria-current') === 'true');

describe('Carousel', () => {
  let media: ReturnType<typeof mockReducedMotion>;
  beforeEach(() => {
    vi.useFakeTimers();
    media = mockReducedMotion(false);
  });
  afterEach(() => {
    media.restore();
    vi.useRealTimers();
  });

  it('puts items per slide, hides other slides from Tab and readers, and advances on its interval', () => {
    renderCarousel();

    expect(screen.getByRole('region', { name: 'Resume creators' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(2);
    expect(slides[0]).toHaveAccessibleName('1 of 2');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    expect(slides[1]).toHaveAttribute('inert');
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');

    act(() => vi.advanceTimersByTime(5499));
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');
    act(() => vi.advanceTimersByTime(1));
    expect(currentDot()).toHaveAccessibleName('Slide 2 of 2');
    expect(slides[0]).toHaveAttribute('inert');

    // Loops back to the first slide.
    act(() => vi.advanceTimersByTime(5500));
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');
  });

  it('pauses while hovered', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Resume creators' });

    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(20_000));
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');

    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(5500));
    expect(currentDot()).toHaveAccessibleName('Slide 2 of 2');
  });

  it('pauses while focus is inside, and with the Pause button', () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next slide' });

    act(() => next.focus());
    act(() => vi.advanceTimersByTime(20_000));
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');
    act(() => next.blur());

    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    act(() => screen.getByRole('button', { name: 'Play slides' }).blur());
    act(() => vi.advanceTimersByTime(20_000));
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');
  });

  it('moves with prev/next and dots, looping at both ends', () => {
    renderCarousel();

    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentDot()).toHaveAccessibleName('Slide 2 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2 of 2' }));
    expect(currentDot()).toHaveAccessibleName('Slide 2 of 2');
  });

  it('without loop stops at the ends', () => {
    renderCarousel({ loop: false });
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeDisabled();
  });

  it('never advances by itself under reduced motion', () => {
    media.restore();
    media = mockReducedMotion(true);
    renderCarousel();

    act(() => vi.advanceTimersByTime(60_000));
    expect(currentDot()).toHaveAccessibleName('Slide 1 of 2');
    expect(screen.queryByRole('button', { name: 'Pause slides' })).toBeNull();
  });
});
