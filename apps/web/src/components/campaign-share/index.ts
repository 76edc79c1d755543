export { EmbedPanel } from './embed-panel';
export { AfterLaunchPreview } from './after-launch-preview';
export { FramePreview } from './embed-preview';
export { ShareLinks, shareUrls } from './share-links';
export { PublicNamesSetting } from './public-names-setting';
