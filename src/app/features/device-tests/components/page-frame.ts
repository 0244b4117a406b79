/** The frame every screen draws itself in (as DashboardPage, DevicesPage): centred and padded. */
export const PAGE_FRAME = 'mx-auto w-full flex-1 px-4 py-5 sm:px-6 sm:py-8 lg:px-5 xl:px-8';
