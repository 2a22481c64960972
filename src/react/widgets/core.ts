import type { ComponentType } from 'react';
import type { WidgetType } from '../render/widgetTypes';
import Button from './button/Button';
import Container from './container/Container';
import Dialog from './dialog/Dialog';
import Image from './image/Image';
import PageHeader from './page-header/PageHeader';
import Row from './row/Row';
import Text from './text/Text';

/**
 * The widgets (nearly) every layout uses, travelling in the entry instead of a chunk of their
 * own: every first visit fetched that chunk anyway, one request more and about 0.6 KB
 * more compressed than the same code inside the entry, and the first screen can render them
 * without waiting for a load. Chosen by use in layouts/ (container 34 of 34 routes, text 28,
 * page-header 27, row 25, button 20, image 17, dialog 10); a widget used by fewer routes keeps its
 * own chunk, so it costs only the layouts that use it.
 */
export const coreWidgets: Partial<Record<WidgetType, ComponentType<never>>> = {
  button: Button as ComponentType<never>,
  container: Container as ComponentType<never>,
  dialog: Dialog as ComponentType<never>,
  image: Image as ComponentType<never>,
  'page-header': PageHeader as ComponentType<never>,
  row: Row as ComponentType<never>,
  text: Text as ComponentType<never>,
};
