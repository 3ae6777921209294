import {
  type ServiceOrderRequest,
  serviceOrderForm,
} from '../../shared/service-order/place-service-order';

/**
 * The service order's form from the ATS check page: the home dialog's fields, then atsCheck=1
 * and the job description the file was checked against, then the file (the server reads the
 * text before the file). The server checks the stored file again itself; no score is sent.
 */
export function atsOrderForm(request: ServiceOrderRequest, jobDescription: string): FormData {
  const form = new FormData();
  for (const [name, value] of serviceOrderForm(request)) {
    if (name === 'file') continue;
    form.append(name, value);
  }
  form.append('atsCheck', '1');
  if (jobDescription.trim() !== '') form.append('jobDescription', jobDescription);
  form.append('file', request.file, request.file.name);
  return form;
}
