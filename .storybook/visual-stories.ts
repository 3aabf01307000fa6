/**
 * The stories whose look is checked pixel by pixel in `pnpm test:stories` (Chromium, `toMatchScreenshot`),
 * by story id, with the themes each is taken in. Reference images live in `.storybook/visual/`; accept a
 * change on purpose with `pnpm test:visual:update` and commit the new images.
 *
 * The set: every component of `@socio/ui` in a telling state, light and dark; the main states of each
 * screen of `@socio/features` (light). Left out: login 'Wrong Password', where the focus settles after the
 * refusal at its own pace (with both cores busy the button's ring was caught both ways), and states that
 * show a PDF being drawn (Reportes with a report selected), which pdf.js paints at its own pace.
 */
type Theme = 'light' | 'dark';

const BOTH: Theme[] = ['light', 'dark'];
const LIGHT: Theme[] = ['light'];

const components = [
  'ui-appshell--default',
  'ui-avatar--sizes',
  'ui-badge--tones',
  'ui-banner--info',
  'ui-banner--warning',
  'ui-banner--with-actions',
  'ui-button--variants',
  'ui-button--sizes',
  'ui-card--with-footer',
  'ui-barchart--default',
  'ui-doughnutchart--default',
  'ui-checkbox--checked',
  'ui-checkbox--with-error',
  'ui-datatable--default',
  'ui-datatable--highlighted-rows',
  'ui-datatable--empty',
  'ui-dropdownmenu--open',
  'ui-emptystate--with-action',
  'ui-errorscreen--default',
  'ui-errorstate--default',
  'ui-filedropzone--default',
  'ui-filedropzone--with-parent-error',
  'ui-iconbutton--variants',
  'ui-modal--open',
  'ui-navrail--expanded',
  'ui-pager--middle-page',
  'ui-progress--partway',
  'ui-searchinput--clearable',
  'ui-select--with-error',
  'ui-nativeselect--with-error',
  'ui-skeleton--card-placeholder',
  'ui-spinner--sizes',
  'ui-statcard--grid',
  'ui-statusbadge--all-statuses',
  'ui-switch--on',
  'ui-textfield--with-hint-and-error',
  'ui-toast--stack',
  'ui-topbar--with-actions',
  'ui-usermenu--open',
  'ui-wizard--second-step-current',
];

const screens = [
  'features-auth-loginscreen--default',
  'features-cargas-cargasscreen--list',
  'features-cargas-cargasscreen--empty',
  'features-cargas-cargasscreen--error-banner',
  'features-cargas-bulkloaddialog--validation',
  'features-cargas-bulkloaddialog--results',
  'features-cargas-manualassignmentmodal--empty-form',
  'features-clientes-clientesscreen--list',
  'features-dashboard-dashboardscreen--loaded',
  'features-dashboard-dashboardscreen--empty',
  'features-reportes-reportesscreen--empty',
  'features-reportes-reportesscreen--load-failure',
  'features-shell-shelllayout--administrador',
  'features-shell-shelllayout--mobile',
  'features-shell-notfoundscreen--default',
  'features-users-usersscreen--loaded',
  'features-users-usersscreen--mobile-cards',
  'features-users-addusermodal--empty',
  'features-users-editusermodal--loaded',
];

export const VISUAL_STORIES: ReadonlyMap<string, Theme[]> = new Map([
  ...components.map((id): [string, Theme[]] => [id, BOTH]),
  ...screens.map((id): [string, Theme[]] => [id, LIGHT]),
]);
