/*
 * Imported first by bench:api, before anything loads React: a production server runs with
 * NODE_ENV=production in its environment, and React (the mail templates) picks its production
 * build from process.env when first loaded. The env object the bench hands startServer says
 * production too; without this the bench measured React's development build on every mail.
 */
process.env.NODE_ENV = 'production';
