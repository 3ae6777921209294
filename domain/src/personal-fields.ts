/**
 * Which event fields hold personal data (ARCHITECTURE.md "Personal data and the audit trail").
 * The event store encrypts these fields with a key per stream before they are written; erasing a
 * stream's key leaves the events replayable while these fields read as null ("crypto-shredding").
 * Listing a field here is the whole decision: nothing else in the code chooses what to encrypt.
 * Only top-level fields of an event's data are named; a listed object is encrypted whole.
 */
export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // Account (`user-{id}`): who the person is and their secret.
  UserRegistered: ['email', 'name', 'passwordHash'],
  PasswordChanged: ['passwordHash'],
  // Order (`order-{id}`): the resume form, the uploads, the e-mail copied onto the order.
  OrderPlaced: ['userEmail', 'resume', 'customerUploads'],
  DeliveryAttached: ['file', 'filename'],
  DeliveryRemoved: ['filename'],
  ReviewSuggestionsSaved: ['text'],
  // The ATS check of the uploaded resume: what the parser read from it.
  AtsCheckRecorded: ['checkMessages', 'extractedText', 'fields'],
  // Influencer ledger (`influencer-{id}`): identity and payee details.
  InfluencerCreated: ['name', 'email', 'passwordHash'],
  InfluencerPasswordChanged: ['passwordHash'],
  PayoutRequested: ['payeeName', 'mobile', 'bankName', 'accountNumber', 'ifsc', 'upiId'],
  // Support query (`query-{id}`): who wrote, what they wrote, and what was answered.
  QueryOpened: ['pid', 'email', 'message'],
  QueryReplied: ['to', 'subject', 'body'],
};

export function personalFieldsOf(eventType: string): readonly string[] {
  return PERSONAL_FIELDS[eventType] ?? [];
}
