import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/**
 * The brand's look in mail (web-kit/src/tokens.css, UI.md): ink text on a light canvas, one
 * brand-blue primary action, system fonts. Mail clients ignore stylesheets and custom
 * properties, so the token values are repeated here as inline styles.
 */
export const MAIL_TOKENS = {
  ink: '#0f172a',
  inkMuted: '#475569',
  canvas: '#f5f7fa',
  surface: '#ffffff',
  border: '#d9e0ea',
  brand: '#0b63c5',
  success: '#15803d',
  danger: '#b91c1c',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

export interface MailLayoutProps {
  /** The inbox's one-line preview. */
  preview: string;
  /** None where the subject already says it all (a support reply). */
  heading?: string | undefined;
  children: ReactNode;
  /** Reminder-type mails only: where one click stops them. */
  unsubscribeUrl?: string | undefined;
}

export function MailLayout({ preview, heading, children, unsubscribeUrl }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: MAIL_TOKENS.canvas, fontFamily: MAIL_TOKENS.font }}>
        <Container
          style={{
            backgroundColor: MAIL_TOKENS.surface,
            border: `1px solid ${MAIL_TOKENS.border}`,
            borderRadius: '8px',
            padding: '24px',
            maxWidth: '560px',
          }}
        >
          <Text
            style={{ color: MAIL_TOKENS.brand, fontSize: '18px', fontWeight: 700, margin: '0' }}
          >
            Shortlist
          </Text>
          <Heading as="h1" style={{ color: MAIL_TOKENS.ink, fontSize: '22px', lineHeight: '28px' }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: MAIL_TOKENS.border, margin: '24px 0 12px' }} />
          <Text style={{ color: MAIL_TOKENS.inkMuted, fontSize: '12px', lineHeight: '18px' }}>
            Shortlist, ATS-ready resumes. Reply to this e-mail if you have a question.
          </Text>
          {unsubscribeUrl === undefined ? null : (
            <Text style={{ color: MAIL_TOKENS.inkMuted, fontSize: '12px', lineHeight: '18px' }}>
              You get reminders about unpaid orders.{' '}
              <Link href={unsubscribeUrl} style={{ color: MAIL_TOKENS.brand }}>
                Unsubscribe from reminders
              </Link>
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: MAIL_TOKENS.ink, fontSize: '15px', lineHeight: '24px' }}>{children}</Text>
  );
}

/** The mail's one primary action (UI.md: one primary action per screen). */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '16px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: MAIL_TOKENS.brand,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 20px',
          fontSize: '15px',
          fontWeight: 600,
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Label and value lines (order id, amount…), as a receipt reads. */
export function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Section
      style={{
        backgroundColor: MAIL_TOKENS.canvas,
        borderRadius: '6px',
        padding: '8px 16px',
        margin: '12px 0',
      }}
    >
      {rows.map(([label, value]) => (
        <Text
          key={label}
          style={{ color: MAIL_TOKENS.ink, fontSize: '14px', lineHeight: '20px', margin: '6px 0' }}
        >
          <span style={{ color: MAIL_TOKENS.inkMuted }}>{label}:</span> {value}
        </Text>
      ))}
    </Section>
  );
}

export function greeting(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,';
}
