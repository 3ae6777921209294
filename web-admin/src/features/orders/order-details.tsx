import type { AdminOrderDetail } from '@shortlist/domain/contract';
import { Button, downloadTokenFile, StatusChip, useToast } from '@shortlist/web-kit';
import { type ReactNode, useState } from 'react';
import { formatDateTime, formatMoney } from '../../shared/format';
import { messages } from '../../shared/messages';
import type { AttachmentToDelete } from './delete-attachment-dialog';
import { OrderAtsCheck } from './order-ats-check';
import { OrderResume } from './order-resume';
import styles from './orders.module.css';
import { paymentMethodName } from './payment-method';

const copy = messages.orders;

const Erased = () => <em className={styles.erased}>{copy.erased}</em>;

/** The Details tab: the order, its customer, payment, files, suggestions and resume form. */
export function OrderDetails({
  detail,
  onDeleteAttachment,
}: {
  detail: AdminOrderDetail;
  onDeleteAttachment: (attachment: AttachmentToDelete) => void;
}) {
  const { order, customer, payment, resume, atsCheck, erasedAt } = detail;
  const erased = erasedAt !== null;
  return (
    <div className={styles.details}>
      {erased ? (
        <p className={styles.notice} role="note">
          {copy.erasedNotice(formatDateTime(erasedAt))}
        </p>
      ) : null}

      <Section title={copy.sections.order}>
        <Facts
          rows={[
            [copy.fields.orderId, <code key="id">{order.id}</code>],
            [copy.fields.service, order.planName],
            [copy.fields.description, order.description],
            [copy.fields.status, <StatusChip key="status" value={order.status} />],
            [
              copy.fields.payment,
              <StatusChip key="payment" kind="payment" value={order.paymentStatus} />,
            ],
            [copy.fields.amount, formatMoney(order.amount, order.currency)],
            [copy.fields.created, formatDateTime(order.createdAt)],
          ]}
        />
      </Section>

      <Section title={copy.sections.customer}>
        <Facts
          rows={[
            [copy.fields.name, customer?.name ?? <Erased key="name" />],
            [copy.fields.accountEmail, customer?.email ?? <Erased key="email" />],
            [copy.fields.orderEmail, order.userEmail ?? <Erased key="order-email" />],
          ]}
        />
      </Section>

      <Section title={copy.sections.payment}>
        {payment === null ? (
          <p className={styles.muted}>{copy.notPaid}</p>
        ) : (
          <Facts
            rows={[
              [copy.fields.providerOrderId, <code key="po">{payment.providerOrderId}</code>],
              [copy.fields.paymentId, <code key="pay">{payment.paymentId}</code>],
              [copy.fields.amount, formatMoney(payment.amount, payment.currency)],
              [copy.fields.currency, payment.currency],
              [
                copy.fields.method,
                payment.method === null ? copy.notRecorded : paymentMethodName(payment.method),
              ],
              [copy.fields.paidAt, formatDateTime(payment.paidAt)],
              ...(payment.refunds.length > 0
                ? [
                    [
                      copy.fields.refunds,
                      payment.refunds
                        .map(
                          (refund) =>
                            `${formatMoney(refund.amount, refund.currency)} · ${refund.refundId} · ${formatDateTime(refund.at)}`,
                        )
                        .join('; '),
                    ] as const,
                  ]
                : []),
            ]}
          />
        )}
      </Section>

      <Section title={copy.sections.files}>
        <h4 className={styles.subheading}>{copy.fields.uploads}</h4>
        {order.customerUploads.length === 0 ? (
          erased ? (
            <Erased />
          ) : (
            <p className={styles.muted}>{copy.noUploads}</p>
          )
        ) : (
          <ul className={styles.files}>
            {order.customerUploads.map((upload) => (
              <li key={upload.url}>
                <DownloadButton url={upload.url} name={upload.name} />
              </li>
            ))}
          </ul>
        )}
        <h4 className={styles.subheading}>{copy.fields.attachments}</h4>
        {order.attachments.length === 0 ? (
          erased ? (
            <Erased />
          ) : (
            <p className={styles.muted}>{copy.noAttachments}</p>
          )
        ) : (
          <ul className={styles.files}>
            {order.attachments.map((attachment) => (
              <li key={attachment.url} className={styles.fileRow}>
                <DownloadButton url={attachment.url} name={attachment.name} />
                <Button
                  size="sm"
                  variant="danger-quiet"
                  aria-label={copy.deleteAttachment(attachment.name)}
                  onClick={() =>
                    onDeleteAttachment({
                      orderId: order.id,
                      filename: attachment.filename,
                      name: attachment.name,
                    })
                  }
                >
                  {copy.delete}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {atsCheck !== null ? (
        <Section title={copy.sections.atsCheck}>
          <OrderAtsCheck check={atsCheck} />
        </Section>
      ) : null}

      {order.service === 'resume_from_scratch' && resume !== null ? (
        <Section title={copy.sections.firstDraft}>
          <p className={styles.muted}>{copy.firstDraftLead}</p>
          <ul className={styles.files}>
            {(['pdf', 'docx'] as const).map((type) => (
              <li key={type}>
                <DownloadButton
                  url={`/api/orders/${order.id}/resume.${type}`}
                  name={`resume.${type}`}
                />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {order.service === 'resume_review' ? (
        <Section title={copy.sections.suggestions}>
          {order.reviewSuggestions ? (
            <p className={styles.prose}>{order.reviewSuggestions}</p>
          ) : erased ? (
            <Erased />
          ) : (
            <p className={styles.muted}>{copy.noSuggestions}</p>
          )}
        </Section>
      ) : null}

      <Section title={copy.sections.resume}>
        {resume ? (
          <OrderResume resume={resume} />
        ) : erased ? (
          <Erased />
        ) : (
          <p className={styles.muted}>{copy.noResume}</p>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One order file, fetched with the admin's token (a plain link would be refused). */
function DownloadButton({ url, name }: { url: string; name: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadTokenFile(url, name);
    } catch {
      toast.show(copy.downloadFailed, { tone: 'danger' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={copy.download(name)}
      loading={busy}
      loadingLabel={name}
      onClick={() => void download()}
    >
      {name}
    </Button>
  );
}
