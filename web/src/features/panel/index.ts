export { PanelLayout } from './PanelLayout';
export { PanelPage } from './PanelPage';
