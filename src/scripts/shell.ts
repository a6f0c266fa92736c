/** The page shell's behaviour: a few lines of plain script, no framework. */
import { setUpNavigation } from './navigation.ts';
import { setUpBackToTop } from './back-to-top.ts';
import { setUpImages } from './images.ts';
import { setUpAnalytics } from './analytics.ts';
import { setUpLanguage } from './language.ts';

setUpNavigation();
setUpBackToTop();
setUpImages();
setUpAnalytics();
setUpLanguage();
