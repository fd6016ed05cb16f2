export { PeriodPicker, type PeriodPickerProps } from "./period-picker";
export { usePeriodSearch, type PeriodSearch } from "./use-period-search";
