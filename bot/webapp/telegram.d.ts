// What the pages use of Telegram's WebApp object (telegram-web-app.js), for the type check only.
interface TelegramWebApp {
  initData: string;
  initDataUnsafe: { start_param?: string; user?: { id: number; first_name: string } };
  colorScheme?: "light" | "dark";
  ready?(): void;
  expand?(): void;
  close?(): void;
  disableVerticalSwipes?(): void;
  enableClosingConfirmation?(): void;
  disableClosingConfirmation?(): void;
  HapticFeedback?: {
    impactOccurred(style: "light" | "medium" | "heavy"): void;
    notificationOccurred(kind: "success" | "warning" | "error"): void;
  };
}
interface Window {
  Telegram?: { WebApp?: TelegramWebApp };
}
