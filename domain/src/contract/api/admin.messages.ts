/** What the admin routes say to people, worded as SPEC §8 words the admin notices. */
export const ADMIN_MESSAGES = {
  orderNotFound: 'Order details not found.',
  statusUpdated: 'Status updated',
  attachmentUploaded: 'Attachment uploaded',
  deleted: 'Deleted',
  missingFilename: 'Missing filename.',
  suggestionsSaved: 'Suggestions saved',
  refundIssued: 'Refund issued.',
  replySent: 'Reply sent.',
  replyQueued: 'Reply saved. The e-mail could not be sent yet; it will be retried.',
  replyRequired: 'Please write a reply.',
  streamNotFound: 'No events in this stream.',
} as const;
