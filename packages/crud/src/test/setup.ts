import '@cityops/ui/testing';
