// The demo feature's public surface: the only file other code may import.
export { demoJobs, demoTickMs, seededDemoJobs } from './jobs';
export { demoFeature } from './module';
export { createDemoRepo, type DemoRepo } from './repo';
export { demoPaths, demoRoutes } from './routes';
export {
  createDemoService,
  type DemoService,
  demoEntrant,
  demoEntrantGoal,
  demoEntriesDue,
  demoSlug,
  demoSlugPattern,
} from './service';
