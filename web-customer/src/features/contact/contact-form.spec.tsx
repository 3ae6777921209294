import { clearSession } from '@shortlist/web-kit';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('contact form', () => {
  it('requires email and message, inline, without calling the API', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/contact');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByRole('textbox', { name: 'Email address' });
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required.');
    expect(message).toHaveAccessibleDescription('Message is required.');
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  });

  it('prefills the Profile ID from the session and posts the SPEC payload', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        json(201, { message: 'We have received your query and will get back to you ASAP.' }),
      );
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/contact', { user: customer });

    expect(screen.getByRole('textbox', { name: /Profile ID/ })).toHaveValue('u-42');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('asha@example.com');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Message' }),
      '  Where is my order?  ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('We have received your query and will get back to you ASAP.'),
    ).toBeVisible();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/queries');
    expect(JSON.parse(String(init?.body))).toEqual({
      pid: 'u-42',
      contactemail: 'asha@example.com',
      contactmessage: 'Where is my order?',
    });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('shows the server message on success when there is one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(json(200, { message: 'Thanks, Asha!' })),
    );
    await renderApp('/contact');

    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'a@b.co');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thanks, Asha!')).toBeVisible();
  });

  it('on failure shows the server message, else the SPEC fallback', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(429, { message: 'Too many requests, try later.' }))
      .mockResolvedValueOnce(new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/contact');

    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'a@b.co');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try later.');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Error submitting your query.')).toBeVisible();
  });

  it('Reset clears the fields and errors', async () => {
    await renderApp('/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Draft');

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));

    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.queryByText('Email is required.')).toBeNull();
  });
});
