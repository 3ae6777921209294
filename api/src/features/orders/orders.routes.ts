import multipart from '@fastify/multipart';
import { JOB_DESCRIPTION_MAX } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerContext } from '../../auth/auth-context';
import { DOCUMENT_MULTIPART_OPTIONS } from '../../files/document-upload';
import { changeCurrencyRoute } from './change-currency/change-currency.route';
import { customerStatsRoute } from './customer-stats/customer-stats.route';
import { deleteOrderRoute } from './delete-order/delete-order.route';
import { getOrderRoutes } from './get-order/get-order.route';
import { openDeliveryRoute } from './open-delivery/open-delivery.route';
import { orderFilesRoutes } from './order-files/order-files.route';
import { orderHistoryRoute } from './order-history/order-history.route';
import { placeResumeOrderRoute } from './place-resume-order/place-resume-order.route';
import { placeServiceOrderRoute } from './place-service-order/place-service-order.route';
import { receiptRoute } from './receipt/receipt.route';
import { resumeDocumentRoutes } from './resume-document/resume-document.route';
import { resumeDraftRoutes } from './resume-draft/resume-draft.route';

/**
 * The customer's order calls of SPEC §7, all inside the customer context (401 without a valid
 * token). Multipart parsing is registered here only, with the upload limits, so no other route
 * accepts file uploads by accident.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // An order from the ATS check page carries its job description (up to 20000 characters,
  // several bytes each in UTF-8): the uploads' 16 KB field limit would cut it.
  await app.register(multipart, {
    ...DOCUMENT_MULTIPART_OPTIONS,
    limits: { ...DOCUMENT_MULTIPART_OPTIONS.limits, fieldSize: 4 * JOB_DESCRIPTION_MAX },
  });
  await app.register(placeResumeOrderRoute);
  await app.register(placeServiceOrderRoute);
  await app.register(customerStatsRoute);
  await app.register(orderHistoryRoute);
  await app.register(getOrderRoutes);
  await app.register(deleteOrderRoute);
  await app.register(changeCurrencyRoute);
  await app.register(openDeliveryRoute);
  await app.register(orderFilesRoutes);
  await app.register(receiptRoute);
  await app.register(resumeDocumentRoutes);
  await app.register(resumeDraftRoutes);
};

export const customerOrderRoutes = customerContext(routes);
