export { Avatar, type AvatarProps, avatarVariants, initialsOf } from '../avatar/avatar';
export { Badge, type BadgeProps, type BadgeTone, badgeVariants } from '../badge/badge';
export { Banner, type BannerProps, type BannerTone, bannerVariants } from '../banner/banner';
export { Button, type ButtonProps, buttonVariants } from '../button/button';
export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  type CardTitleProps,
} from '../card/card';
export { Checkbox, type CheckboxProps, type CheckedState } from '../checkbox/checkbox';
export { Combobox, type ComboboxOption, type ComboboxProps } from '../combobox/combobox';
export { ConfirmDialog, type ConfirmDialogProps } from '../confirm-dialog/confirm-dialog';
export { DateField, type DateFieldProps } from '../date-field/date-field';
export { dateTextFromValue, dateValueError, isIsoDate } from '../date-field/date-text';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  type DropdownMenuItemProps,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu';
export { EmptyState, type EmptyStateProps } from '../empty-state/empty-state';
export { ErrorState, type ErrorStateProps } from '../error-state/error-state';
export { IconButton, type IconButtonProps, iconButtonVariants } from '../icon-button/icon-button';
export {
  Modal,
  ModalBody,
  ModalClose,
  ModalContent,
  type ModalContentProps,
  ModalDescription,
  ModalFooter,
  ModalFormActions,
  type ModalFormActionsProps,
  ModalHeader,
  type ModalProps,
  ModalTitle,
  ModalTrigger,
  modalContentVariants,
} from '../modal/modal';
export { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '../popover/popover';
export { Progress, type ProgressProps } from '../progress/progress';
export { SearchInput, type SearchInputProps } from '../search-input/search-input';
export {
  NativeSelect,
  type NativeSelectProps,
  Select,
  type SelectOption,
  type SelectProps,
} from '../select/select';
export { Skeleton } from '../skeleton/skeleton';
export { Spinner, type SpinnerProps, spinnerVariants } from '../spinner/spinner';
export { Splitter, type SplitterProps } from '../splitter/splitter';
export { StatCard, type StatCardProps, type StatTrend } from '../stat-card/stat-card';
export {
  defaultStatusTones,
  StatusBadge,
  type StatusBadgeProps,
  statusTone,
} from '../status-badge/status-badge';
export { Switch, type SwitchProps } from '../switch/switch';
export {
  FieldError,
  FieldHint,
  FieldLabel,
  type FieldLabelProps,
} from '../text-field/field-parts';
export { TextField, type TextFieldProps, type TextFieldType } from '../text-field/text-field';
export {
  TOAST_DURATION,
  TOAST_LIMIT,
  type ToastOptions,
  type ToastRecord,
  type ToastTone,
  toast,
} from '../toast/toast-store';
export { Toaster, type ToasterProps } from '../toast/toaster';
export {
  TOOLTIP_DELAY_MS,
  Tooltip,
  TooltipContent,
  TooltipTrigger,
  TruncatedText,
  type TruncatedTextProps,
} from '../tooltip/tooltip';
